// The session's permissions for components; the pure rules are in permission-gate.ts.
import { useStore } from 'zustand';
import type { Permission } from '@contract/catalog/endpoints';
import { isGranted, permissionGate, type PermissionGate } from './permission-gate';
import { sessionStore } from './session-store';

/** Whether the signed-in role holds a catalog permission. */
export function useGranted(permission: Permission): boolean {
  return useStore(sessionStore, (s) => isGranted(s.me, permission));
}

/** Whether the role may do `action`, and if not, the sentence saying why. */
export function usePermissionGate(permission: Permission, action: string): PermissionGate {
  const me = useStore(sessionStore, (s) => s.me);
  return permissionGate(me, permission, action);
}
