// Installs the v2 product layer (spec 4.1-4.4) on a simulator: the handlers and the
// loopback admin routes that drive deposits. (The catalog lists the public API's alias of
// the conversion path, so the core routes it.)
import type { SimulatorExtension } from '../server';
import { installAdminRoutes } from '../admin/admin-routes';
import { attachProductsState, createProductsState } from './products-state';
import { registerV2Handlers } from './v2-handlers';
import { installTradeHistory } from './trade-history';

const installProducts: SimulatorExtension = (sim) => {
  const state = createProductsState(sim);
  attachProductsState(sim, state);
  registerV2Handlers(sim.handlers, state);
  // Months of past fills and records for the trader accounts (SIM_SEED picks which).
  installTradeHistory(sim, Number(process.env.SIM_SEED ?? '1') || 1);
  // The admin routes belong with the funding events they drive; installed here until the
  // core's extension loader lists admin/ itself.
  installAdminRoutes(sim);
};

export default installProducts;
