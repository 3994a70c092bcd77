// Installs the v2 product layer (spec 4.1-4.4) on a simulator: its handlers and months of
// trade history. The admin routes that drive deposits are admin/extension.ts. (The catalog
// lists the public API's alias of the conversion path, so the core routes it.)
import type { SimulatorExtension } from '../api/simulator-parts';
import { attachProductsState, createProductsState } from './products-state';
import { registerV2Handlers } from './v2-handlers';
import { installTradeHistory } from './trade-history';

const installProducts: SimulatorExtension = (sim) => {
  const state = createProductsState(sim);
  attachProductsState(sim, state);
  registerV2Handlers(sim.handlers, state);
  // Months of past fills and records for the trader accounts (SIM_SEED picks which).
  installTradeHistory(sim, Number(process.env.SIM_SEED ?? '1') || 1);
};

export default installProducts;
