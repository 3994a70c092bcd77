// What the signed-in role may do, as pure functions of the session (issue 8.5: screens
// and actions a role can't use are hidden, or disabled with the reason). The proxy
// enforces the same rules regardless; this only keeps the UI from inviting a refusal.
import type { Permission } from '@contract/catalog/endpoints';
import type { Me } from '@contract/schemas/session';

export function isGranted(me: Me | null | undefined, permission: Permission): boolean {
  return me?.permissions.includes(permission) ?? false;
}

export interface PermissionGate {
  granted: boolean;
  /** Why the action is refused, for a disabled control's description; undefined when granted. */
  reason: string | undefined;
}

/**
 * `action` completes "may not …", e.g. 'place orders' gives
 * "Your role (ops) may not place orders: it needs trade.write".
 */
export function permissionGate(me: Me | null | undefined, permission: Permission, action: string): PermissionGate {
  if (isGranted(me, permission)) return { granted: true, reason: undefined };
  const who = me ? `Your role (${me.role})` : 'Without a session you';
  return { granted: false, reason: `${who} may not ${action}: it needs ${permission}` };
}
