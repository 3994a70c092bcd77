import { describe, expect, it } from 'vitest';
import type { Me } from '@contract/schemas/session';
import { isGranted, permissionGate } from './permission-gate';

const user = (role: string, permissions: string[]): Me => ({ user: 'u', role, permissions, accounts: [], defaultAccount: null, csrfToken: 't' });
const ops = user('ops', ['market.read', 'account.read', 'trade.read', 'earn.read', 'audit.read']);
const trader = user('trader', ['market.read', 'trade.read', 'trade.write']);

describe('isGranted', () => {
  it('is true for a permission the role holds', () => {
    expect(isGranted(trader, 'trade.write')).toBe(true);
    expect(isGranted(ops, 'audit.read')).toBe(true);
  });

  it('is false for a permission the role lacks', () => {
    expect(isGranted(ops, 'trade.write')).toBe(false);
    expect(isGranted(trader, 'audit.read')).toBe(false);
  });

  it('is false without a session', () => {
    expect(isGranted(null, 'market.read')).toBe(false);
    expect(isGranted(undefined, 'market.read')).toBe(false);
  });
});

describe('permissionGate', () => {
  it('names the role, the action and the missing permission when refused', () => {
    expect(permissionGate(ops, 'trade.write', 'place orders')).toEqual({
      granted: false,
      reason: 'Your role (ops) may not place orders: it needs trade.write',
    });
  });

  it('gives no reason when the role holds the permission', () => {
    expect(permissionGate(trader, 'trade.write', 'place orders')).toEqual({ granted: true, reason: undefined });
  });

  it('says there is no session rather than inventing a role', () => {
    expect(permissionGate(null, 'trade.write', 'place orders').reason).toBe('Without a session you may not place orders: it needs trade.write');
  });
});
