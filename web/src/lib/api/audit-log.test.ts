import { describe, expect, it } from 'vitest';
import type { AuditRow } from '@contract/schemas/audit';
import { createApiFetch } from './api-fetch';
import { fetchAuditPage, fetchAuditRows } from './audit-log';
import { auditRow } from './audit-row.test-support';

const row = (id: number) => auditRow({ id, time: 1_700_000_000_000 + id, orderIds: [String(id)], clientOids: [`c${id}`] });

/** A fake /audit holding `rows` (newest first), paging like the proxy: cursor = the last id of a full page. */
function fakeAudit(rows: AuditRow[], urls: string[] = []) {
  return createApiFetch({
    session: () => ({ account: 'main', csrfToken: 'c' }),
    fetch: async (url) => {
      urls.push(url);
      const q = new URL(url, 'http://desk').searchParams;
      const limit = Number(q.get('limit') ?? '50');
      const below = q.get('cursor') ? Number(q.get('cursor')) : Infinity;
      const rest = rows.filter((r) => r.id < below);
      const list = rest.slice(0, limit);
      const cursor = rest.length > limit ? String(list[list.length - 1]?.id) : null;
      return new Response(JSON.stringify({ code: '00000', msg: 'success', requestTime: 1, data: { list, cursor } }), { status: 200 });
    },
  });
}

describe('fetchAuditPage', () => {
  it('sends the filters and leaves out the empty ones', async () => {
    const urls: string[] = [];
    await fetchAuditPage(fakeAudit([], urls), { user: 'admin', account: '', endpoint: 'placeOrder', from: '1700000000000', limit: '20', cursor: undefined });
    expect(urls).toEqual(['/audit?user=admin&endpoint=placeOrder&from=1700000000000&limit=20']);
  });

  it('refuses a page size over 100 before sending, naming the field', async () => {
    const urls: string[] = [];
    await expect(fetchAuditPage(fakeAudit([], urls), { limit: '101' })).rejects.toMatchObject({ code: 'desk.invalid-request', field: 'limit' });
    expect(urls).toHaveLength(0);
  });

  it('refuses a time that is not Unix milliseconds, naming the field', async () => {
    await expect(fetchAuditPage(fakeAudit([]), { from: 'yesterday' })).rejects.toMatchObject({ field: 'from' });
  });

  it('refuses an answer that breaks the contract', async () => {
    const api = createApiFetch({
      session: () => ({ account: null, csrfToken: null }),
      fetch: async () => new Response(JSON.stringify({ code: '00000', msg: 'success', requestTime: 1, data: { list: [{ id: 'x' }], cursor: null } }), { status: 200 }),
    });
    await expect(fetchAuditPage(api, {})).rejects.toMatchObject({ code: 'desk.bad-response' });
  });
});

describe('fetchAuditRows', () => {
  it('follows the cursor to the last page', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => row(250 - i));
    const result = await fetchAuditRows(fakeAudit(rows), { endpoint: 'placeOrder' });
    expect(result.complete).toBe(true);
    expect(result.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('says when it stopped before the end', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => row(250 - i));
    const result = await fetchAuditRows(fakeAudit(rows), {}, { maxPages: 2 });
    expect(result).toMatchObject({ complete: false });
    expect(result.rows).toHaveLength(200);
  });
});
