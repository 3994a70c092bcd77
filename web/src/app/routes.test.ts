import { describe, expect, it } from 'vitest';
import { routes, routesFor } from './routes';

describe('routes', () => {
  it('lists the nine screens of the desk in navigation order', () => {
    expect(routes.map((r) => r.label)).toEqual(['Trade', 'Orders', 'Positions', 'Assets', 'Broker', 'Ops', 'Convert', 'Audit', 'Settings']);
  });

  it('gives every screen a distinct path', () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it('hides screens whose permission the role lacks', () => {
    const viewer = routesFor(['market.read', 'account.read', 'trade.read']).map((r) => r.label);
    expect(viewer).toEqual(['Trade', 'Orders', 'Positions', 'Assets', 'Settings']);
    expect(routesFor(['market.read', 'earn.read']).map((r) => r.label)).toEqual(['Trade', 'Ops']);
    expect(routesFor([])).toEqual([]);
  });
});
