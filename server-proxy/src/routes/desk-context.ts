import type { Logger } from 'pino';
import type { AuditStore } from '../audit/audit-store';
import type { OutcomeReconciler } from '../audit/outcome-reconciler';
import type { LoginThrottle } from '../auth/login-throttle';
import type { OneTimeTokens } from '../auth/one-time-tokens';
import type { SessionStore } from '../auth/session-store';
import type { UserStore } from '../auth/user-store';
import type { Clock } from '@contract/core/clock';
import type { ProxyConfig } from '../core/config';
import type { KeyStore } from '../keys/key-store';
import type { OriginPolicy } from '../policy/origin-policy';
import type { RateShaper } from '../policy/rate-shaper';
import type { UpstreamClient } from '../upstream/upstream-client';

/** Everything the routes share; built once by app.ts. */
export interface DeskContext {
  config: ProxyConfig;
  clock: Clock;
  logger: Logger;
  keyStore: KeyStore;
  userStore: UserStore | undefined;
  auditStore: AuditStore;
  sessions: SessionStore;
  loginTokens: OneTimeTokens;
  loginThrottle: LoginThrottle;
  origins: OriginPolicy;
  shaper: RateShaper;
  upstream: UpstreamClient;
  /** Settles mutations whose answer never came (audit/outcome-reconciler.ts). */
  reconciler: OutcomeReconciler;
}
