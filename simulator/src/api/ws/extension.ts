// Installs the WebSocket endpoints on a simulator's HTTP server, configured from the
// environment (ws-options.ts), and closes them when the simulator closes.
import type { Simulator, SimulatorExtension } from '../simulator-parts';
import { attachWebSockets, type WsServerHandle } from './ws-server';
import { wsOptionsFromEnv, type WsOptions } from './ws-options';

const handles = new WeakMap<Simulator, WsServerHandle>();

export function createWsExtension(options: WsOptions = {}): SimulatorExtension {
  return (sim) => {
    const handle = attachWebSockets(sim.app.server, sim, options);
    handles.set(sim, handle);
    sim.app.addHook('preClose', (done) => {
      handle.close();
      done();
    });
  };
}

/** The WebSocket layer of a simulator (tests read the depth hub and sessions through it). */
export function wsOf(sim: Simulator): WsServerHandle | undefined {
  return handles.get(sim);
}

const installWebSockets: SimulatorExtension = (sim) => createWsExtension(wsOptionsFromEnv())(sim);
export default installWebSockets;
