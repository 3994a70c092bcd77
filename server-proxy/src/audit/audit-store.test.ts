import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../open-database';
import { AuditStore } from './audit-store';
import { collectOrderRefs } from './order-refs';

const repoRoot = resolve(import.meta.dirname, '../../..');

describe('audit store', () => {
  it('opens its database in WAL mode', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'desk-audit-')), 'audit.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('keeps committed rows when the process is killed with SIGKILL', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'desk-audit-')), 'audit.sqlite');
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
        if (written.length === 3) done();
      });
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const rows = new AuditStore(openDatabase(file)).query({ user: 'killed' }).list;
    expect(rows.map((r) => r.clientOids[0])).toEqual(['k-2', 'k-1', 'k-0']);
  });

  it('rejects a malformed entry instead of writing half a row', () => {
    const store = new AuditStore(openDatabase(':memory:'));
    expect(() => store.record({ time: 1 } as never)).toThrow();
    expect(store.query({}).list).toHaveLength(0);
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
