import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import layerRules from './layer-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const repo = path.resolve(import.meta.dirname, '..');
const options = [{ root: 'simulator/src', layers: ['core', 'accounts', 'trading', '.'] }];
const at = (rel) => path.join(repo, 'simulator/src', rel);

tester.run('layer-boundaries', layerRules.rules['layer-boundaries'], {
  valid: [
    { filename: at('trading/order-service.ts'), code: "import { x } from '../accounts/account-store';", options },
    { filename: at('trading/order-service.ts'), code: "import { x } from './sim-order';", options },
    { filename: at('server.ts'), code: "import { x } from './trading/order-service';", options },
    { filename: at('accounts/a.ts'), code: "import { z } from 'zod'; import { e } from '@contract/catalog/endpoints';", options },
    // A test composes the stack around its module.
    { filename: at('accounts/a.test.ts'), code: "import { x } from '../trading/order-service';", options },
  ],
  invalid: [
    { filename: at('accounts/a.ts'), code: "import { x } from '../trading/order-service';", options, errors: [{ message: /'accounts' sits below 'trading'/ }] },
    { filename: at('core/money.ts'), code: "export { x } from '../server';", options, errors: [{ message: /'core' sits below '\.'/ }] },
    { filename: at('accounts/a.ts'), code: "import { x } from '../stray/thing';", options, errors: [{ message: /'stray\/' has no layer/ }] },
    { filename: at('stray/b.ts'), code: 'export const b = 1;', options, errors: [{ message: /'stray\/' has no layer/ }] },
  ],
});

// The contract has no composition root: every file sits in a layer's folder.
const contractOptions = [{ root: 'contract', layers: ['core', 'schemas', 'book', 'catalog', 'fixtures'] }];
const inContract = (rel) => path.join(repo, 'contract', rel);

tester.run('layer-boundaries in contract/', layerRules.rules['layer-boundaries'], {
  valid: [
    { filename: inContract('book/order-book.ts'), code: "import { DecimalReader } from '../core/decimal-reader'; import { depthLevelSchema } from '../schemas/ws-depth';", options: contractOptions },
    { filename: inContract('catalog/endpoints.ts'), code: "import { placeOrderRequest } from '../schemas/orders';", options: contractOptions },
    { filename: inContract('schemas/common.ts'), code: "import { isDecimalString } from '../core/decimal';", options: contractOptions },
  ],
  invalid: [
    { filename: inContract('core/decimal.ts'), code: "import { decimalString } from '../schemas/common';", options: contractOptions, errors: [{ message: /'core' sits below 'schemas'/ }] },
    { filename: inContract('schemas/ws-depth.ts'), code: "import { OrderBook } from '../book/order-book';", options: contractOptions, errors: [{ message: /'schemas' sits below 'book'/ }] },
    { filename: inContract('book/order-book.ts'), code: "import { endpoints } from '../catalog/endpoints';", options: contractOptions, errors: [{ message: /'book' sits below 'catalog'/ }] },
    { filename: inContract('decimal.ts'), code: 'export const x = 1;', options: contractOptions, errors: [{ message: /contract has no composition root/ }] },
  ],
});
