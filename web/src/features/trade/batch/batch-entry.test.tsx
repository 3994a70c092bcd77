import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rolePermissions, type Permission, type Role } from '@contract/catalog/endpoints';
import type { Me } from '@contract/schemas/session';
import { instrumentMeta } from '@web/lib/instruments/instrument-meta';
import { btcSpot } from '@web/lib/instruments/instrument-fixtures.test-support';
import { permissionGate } from '@web/lib/session/permission-gate';
import { BatchEntry } from './batch-entry';

// A server render reads the session store's initial state, so the session hooks read this
// test's user instead; the gate's rules are the real ones (permission-gate.ts).
let me: Me | null = null;
vi.mock('@web/lib/session/use-session', () => ({ useCurrentAccount: () => (me ? 'main' : null) }));
vi.mock('@web/lib/session/use-granted', () => ({ usePermissionGate: (permission: Permission, action: string) => permissionGate(me, permission, action) }));

beforeEach(() => {
  me = null;
});

function html(role: Role): string {
  me = { user: 'u', role, permissions: [...rolePermissions[role]], accounts: [{ name: 'main', uid: '1000001' }], defaultAccount: 'main', csrfToken: 't' };
  const meta = instrumentMeta(btcSpot);
  if (!meta) throw new Error('fixture instrument has no meta');
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <BatchEntry meta={meta} />
    </QueryClientProvider>,
  );
}

const submitTag = (page: string) => /<button type="submit"[^>]*>/.exec(page)?.[0] ?? '';

describe('BatchEntry permission gate (issue 8.5)', () => {
  it('disables Place batch for a role without trade.write, described by the reason', () => {
    const page = html('viewer');
    const id = /<span id="([^"]+)"[^>]*>Your role \(viewer\) may not place orders: it needs trade.write</.exec(page)?.[1];
    expect(id).toBeTruthy();
    expect(submitTag(page)).toContain('disabled=""');
    expect(submitTag(page)).toContain(`aria-describedby="${id}"`);
  });

  it('leaves Place batch enabled for a trader', () => {
    const page = html('trader');
    expect(submitTag(page)).not.toContain('disabled=""');
    expect(page).not.toContain('may not');
  });
});
