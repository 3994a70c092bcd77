import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../core/open-database';
import { openSqliteStore } from '../core/storage/open-storage';
import { storageEngines } from '../test-support/storage-engines';
import { auditEntrySchema } from '@contract/schemas/audit';
import { auditDbRowSchema, AuditStore } from './audit-store';
import { collectOrderRefs } from './order-refs';
import { tempDir } from '../test-support/temp-dir';

const repoRoot = resolve(import.meta.dirname, '../../..');
const intent = {
  time: 10,
  user: 'ann',
  account: 'main',
  endpoint: 'placeOrder',
  method: 'POST',
  path: '/api/v3/trade/place-order',
  channel: 'rest' as const,
  requestBody: '{"clientOid":"c-1"}',
  orderIds: [],
  clientOids: ['c-1'],
};

describe('audit store (SQLite files)', () => {
  it('keeps the table, its row schema and the contract entry in step', async () => {
    const file = join(tempDir('desk-audit-'), 'audit.sqlite');
    await (await openSqliteStore(file, 'audit')).destroy();
    const db = openDatabase(file);
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('audit') as string[];
    expect([...columns].sort()).toEqual(Object.keys(auditDbRowSchema.shape).sort());
    const columnOf = (field: string) => (field === 'time' ? 'ts' : field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
    expect(Object.keys(auditEntrySchema.shape).map(columnOf).filter((c) => !columns.includes(c))).toEqual([]);
  });

  it('opens its database in WAL mode', () => {
    const db = openDatabase(join(tempDir('desk-audit-'), 'audit.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('keeps committed rows when the process is killed with SIGKILL, a call in flight as sent', async () => {
    const file = join(tempDir('desk-audit-'), 'audit.sqlite');
    // node --import tsx: the writer is this very process, so SIGKILL hits it and not a wrapper.
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(repoRoot, 'server-proxy/src/test-support/audit-writer.ts'), file], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((done) => child.once('exit', (_code, signal) => done(signal)));
    const written: string[] = [];
    await new Promise<void>((done, fail) => {
      void exited.then(() => fail(new Error('the writer exited before writing')));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        written.push(line);
        if (written.length === 4) done();
      });
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const rows = (await new AuditStore(await openSqliteStore(file, 'audit')).query({ user: 'killed' })).list;
    expect(rows.map((r) => [r.clientOids[0], r.state])).toEqual([
      ['k-3', 'sent'],
      ['k-2', 'complete'],
      ['k-1', 'complete'],
      ['k-0', 'complete'],
    ]);
  });

  it('adds the state column to a log from before write-ahead, its rows complete, and writes ahead on it', async () => {
    const file = join(tempDir('desk-audit-'), 'audit.sqlite');
    const old = openDatabase(file);
    old.exec(`CREATE TABLE audit (
      id INTEGER PRIMARY KEY AUTOINCREMENT, ts INTEGER NOT NULL, user TEXT NOT NULL, account TEXT NOT NULL,
      endpoint TEXT NOT NULL, method TEXT NOT NULL, path TEXT NOT NULL, channel TEXT NOT NULL, request_body TEXT NOT NULL,
      http_status INTEGER NOT NULL, code TEXT NOT NULL, msg TEXT NOT NULL, order_ids TEXT NOT NULL, client_oids TEXT NOT NULL
    ) STRICT`);
    old.prepare(`INSERT INTO audit (ts, user, account, endpoint, method, path, channel, request_body, http_status, code, msg, order_ids, client_oids)
      VALUES (1, 'old', 'main', 'placeOrder', 'POST', '/api/v3/trade/place-order', 'rest', '{}', 200, '00000', 'success', '["9"]', '["o-1"]')`).run();
    old.close();

    const store = new AuditStore(await openSqliteStore(file, 'audit'));
    expect((await store.query({ user: 'old' })).list).toEqual([expect.objectContaining({ state: 'complete', httpStatus: 200, orderIds: ['9'] })]);
    const id = await store.begin({ ...intent, user: 'old' });
    expect((await store.query({ user: 'old', state: 'sent' })).list.map((r) => r.id)).toEqual([id]);
    // Opening it again finds the column and adds nothing.
    expect((await new AuditStore(await openSqliteStore(file, 'audit')).query({ user: 'old' })).list).toHaveLength(2);
  });
});

describe.each(storageEngines)('audit store on $name', (engine) => {
  const fresh = async () => {
    const storage = await (await engine.place()).open();
    onTestFinished(() => storage.close());
    return new AuditStore(storage.db('audit'));
  };

  it('completes a sent row once, and refuses to complete a row that is not awaiting a result', async () => {
    const store = await fresh();
    const id = await store.begin(intent);
    expect((await store.query({})).list[0]).toMatchObject({ id, state: 'sent', httpStatus: 0, code: '', msg: '', clientOids: ['c-1'] });
    await store.complete(id, { httpStatus: 200, code: '00000', msg: 'success', orderIds: ['42'], clientOids: ['c-1'] });
    expect((await store.query({})).list[0]).toMatchObject({ id, state: 'complete', httpStatus: 200, code: '00000', orderIds: ['42'], time: intent.time });
    await expect(store.complete(id, { httpStatus: 500, code: 'x', msg: 'again', orderIds: [], clientOids: [] })).rejects.toThrow(/not awaiting/);
    await expect(store.complete(id + 1, { httpStatus: 200, code: '00000', msg: '', orderIds: [], clientOids: [] })).rejects.toThrow(/not awaiting/);
    expect((await store.query({})).list[0]).toMatchObject({ code: '00000', msg: 'success' });
  });

  it('rejects a malformed entry instead of writing half a row', async () => {
    const store = await fresh();
    await expect(store.record({ time: 1 } as never)).rejects.toThrow();
    expect((await store.query({})).list).toHaveLength(0);
  });

  it('pages newest first with filters, and lists the rows a start must reconcile', async () => {
    const store = await fresh();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await store.record({ ...intent, time: 100 + i, user: i % 2 ? 'bob' : 'ann', httpStatus: 200, code: '00000', msg: '' }));
    const open = await store.begin({ ...intent, time: 200, user: 'cat' });
    await store.markUnknown(open, 'no answer');
    const first = await store.query({ user: 'ann', limit: 2 });
    expect(first.list.map((r) => r.id)).toEqual([ids[4], ids[2]]);
    expect((await store.query({ user: 'ann', limit: 2, cursor: Number(first.cursor) })).list.map((r) => r.id)).toEqual([ids[0]]);
    expect((await store.query({ from: 101, to: 103, limit: 5 })).list.map((r) => r.time)).toEqual([103, 102, 101]);
    expect((await store.unresolved()).map((r) => [r.id, r.state, r.msg])).toEqual([[open, 'unknown', 'no answer']]);
    expect(await store.row(open)).toMatchObject({ id: open, state: 'unknown' });
    await store.ping();
  });
});

describe('order references for the audit', () => {
  it('collects orderIds and clientOids from single and batch requests and answers', () => {
    expect(collectOrderRefs({ clientOid: 'a', symbol: 'BTCUSDT' }, { orderId: '1', clientOid: 'a' })).toEqual({ orderIds: ['1'], clientOids: ['a'] });
    expect(collectOrderRefs([{ clientOid: 'a' }, { orderId: '7' }], [{ orderId: '1', clientOid: 'a' }, { orderId: '2', clientOid: 'b' }])).toEqual({
      orderIds: ['7', '1', '2'],
      clientOids: ['a', 'b'],
    });
    expect(collectOrderRefs({ coinList: ['ETH'] }, { orderList: [{ coin: 'ETH', orderId: '55' }] })).toEqual({ orderIds: ['55'], clientOids: [] });
    expect(collectOrderRefs(undefined, 'success')).toEqual({ orderIds: [], clientOids: [] });
  });
});
