import { z } from 'zod';
import { rolePermissions, roles, type Permission, type Role } from '@contract/catalog/endpoints';

export type { Role };
export const roleSchema = z.enum(roles);

export function permissionsOf(role: Role): readonly Permission[] {
  return rolePermissions[role];
}

export function roleMay(role: Role, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}
