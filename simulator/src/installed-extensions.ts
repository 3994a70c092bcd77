// The layers built on top of the core, in the order they install: rate limits first (their
// guards run before any handler), then the v2 products, the admin routes and their gate,
// the WebSocket API, and the faults
// mode (which wraps what the others registered). Tests pick the layers they need instead.
import installLimits from './limits/extension';
import installProducts from './products/extension';
import installAdmin from './admin/extension';
import installWebSockets from './api/ws/extension';
import installFaults from './faults/extension';
import type { SimulatorExtension } from './server';

export const installedExtensions: readonly SimulatorExtension[] = [installLimits, installProducts, installAdmin, installWebSockets, installFaults];
