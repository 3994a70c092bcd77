// Installs the loopback admin routes (/__sim/: deposits, the clock, the request log) and
// the one gate in front of every /__sim/ route, whichever extension adds it. Admin sits
// above products and limits (it reads their state), so it is its own layer, installed
// right after products.
import type { SimulatorExtension } from '../api/simulator-parts';
import { installAdminRoutes } from './admin-routes';

const installAdmin: SimulatorExtension = (sim) => installAdminRoutes(sim);

export default installAdmin;
