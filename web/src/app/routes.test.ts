import { describe, expect, it } from 'vitest';
import { rolePermissions } from '@contract/catalog/endpoints';
import { landingFor, routes, routesFor } from './routes';

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

  it('lands each role on the screen it is there for', () => {
    const landing = (role: keyof typeof rolePermissions) => landingFor(role, routesFor(rolePermissions[role]))?.path;
    expect(landing('ops')).toBe('/ops');
    expect(landing('broker')).toBe('/broker');
    expect(landing('viewer')).toBe('/positions');
    expect(landing('trader')).toBe('/trade');
    expect(landing('admin')).toBe('/trade');
  });

  it('lands on the first screen a role may open when its own screen is not among them', () => {
    expect(landingFor('ops', routesFor(['market.read', 'account.read']))?.path).toBe('/trade');
    expect(landingFor('someone', routesFor(['account.read']))?.path).toBe('/positions');
    expect(landingFor('ops', [])).toBeUndefined();
  });
});
