import type { AttachWsRelay } from '../relay/ws-relay-hooks';
import { attachWsRelay } from '../relay/ws-relay';
import { depsFromHooks, isProxyHooks } from '../relay/ws-relay-hooks';
import type { RelayLimits } from '../relay/ws-relay-types';

/** The proxy's WebSocket relay with some limits shortened (a trade timeout a test can wait out). */
export function relayWithLimits(limits: Partial<RelayLimits>): AttachWsRelay {
  return (server, hooks) => {
    if (!isProxyHooks(hooks)) throw new Error('expected the proxy hooks');
    return attachWsRelay(server, { ...depsFromHooks(hooks), limits });
  };
}
