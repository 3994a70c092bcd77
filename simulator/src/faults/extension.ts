// Installs the faults mode (issue 9) on a simulator: settings from SIM_FAULTS, REST and
// WebSocket faults, and the admin routes that change them at runtime. Loaded after the
// WebSocket layer, whose connections it wraps.
import type { Simulator, SimulatorExtension } from '../api/simulator-parts';
import { faultSettingsFromEnv, type FaultSettings } from './fault-config';
import { installFaultRoutes } from './fault-routes';
import { attachFaultsState, FaultsState } from './faults-state';
import { installRestFaults } from './rest-faults';
import { installWsFaults } from './ws-faults';

export function createFaultsExtension(initial?: FaultSettings): SimulatorExtension {
  return (sim: Simulator) => {
    const state = new FaultsState(initial ?? faultSettingsFromEnv(process.env.SIM_FAULTS));
    attachFaultsState(sim, state);
    installRestFaults(sim, state);
    const ws = installWsFaults(sim, state);
    installFaultRoutes(sim, state, ws);
    sim.app.addHook('preClose', (done) => {
      ws?.close();
      done();
    });
  };
}

const installFaults: SimulatorExtension = (sim) => createFaultsExtension()(sim);
export default installFaults;
