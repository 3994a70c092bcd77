import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rolePermissions, type Permission, type Role } from '@contract/catalog/endpoints';
import type { Me } from '@contract/schemas/session';
import { orderPush } from '@web/lib/account-data/account-fixtures.test-support';
import { unfilledOrdersKey } from '@web/lib/account-data/account-queries';
import { instrumentMeta } from '@web/lib/instruments/instrument-meta';
import { btcSpot } from '@web/lib/instruments/instrument-fixtures.test-support';
import { permissionGate } from '@web/lib/session/permission-gate';
import { OpenOrdersPanel } from './open-orders-panel';

// A server render reads the session store's initial state, so the session hooks read this
// test's user instead; the gate's rules are the real ones (permission-gate.ts).
let me: Me | null = null;
vi.mock('@web/lib/session/use-session', () => ({ useCurrentAccount: () => (me ? 'main' : null) }));
vi.mock('@web/lib/session/use-granted', () => ({ usePermissionGate: (permission: Permission, action: string) => permissionGate(me, permission, action) }));

beforeEach(() => {
  me = null;
});

function signIn(role: Role): void {
  me = { user: 'u', role, permissions: [...rolePermissions[role]], accounts: [{ name: 'main', uid: '1000001' }], defaultAccount: 'main', csrfToken: 't' };
}

/** The panel with one open order, rendered as HTML. */
function panelHtml(): string {
  const client = new QueryClient();
  client.setQueryData(unfilledOrdersKey('main'), { list: [orderPush({ orderId: '1', clientOid: 'mine', state: 'new' })], cursor: '' });
  const meta = instrumentMeta(btcSpot);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <OpenOrdersPanel metaOf={() => meta} />
    </QueryClientProvider>,
  );
}

/** The opening tag of the button whose aria-label, else text, starts with `name`. */
function buttonTag(html: string, name: RegExp): string {
  const tag = (html.match(/<button[^>]*>[^<]*/g) ?? []).find((b) => name.test(/aria-label="([^"]*)"/.exec(b)?.[1] ?? b.replace(/^<button[^>]*>/, '')));
  if (!tag) throw new Error(`no button ${name} in ${html}`);
  return tag;
}

describe('OpenOrdersPanel permission gate (issue 8.5)', () => {
  it('disables Modify, Cancel and Cancel selected for a role without trade.write, described by the reason', () => {
    signIn('ops');
    const html = panelHtml();
    const id = /<p id="([^"]+)"[^>]*>Your role \(ops\) may not modify or cancel orders: it needs trade.write</.exec(html)?.[1];
    expect(id).toBeTruthy();
    for (const name of [/^Modify /, /^Cancel buy /, /^Cancel selected/]) {
      const tag = buttonTag(html, name);
      expect(tag).toContain('disabled=""');
      expect(tag).toContain(`aria-describedby="${id}"`);
    }
  });

  it('leaves Modify and Cancel enabled for a trader, with no reason shown', () => {
    signIn('trader');
    const html = panelHtml();
    expect(html).not.toContain('may not');
    for (const name of [/^Modify /, /^Cancel buy /]) expect(buttonTag(html, name)).not.toContain('disabled=""');
  });
});
