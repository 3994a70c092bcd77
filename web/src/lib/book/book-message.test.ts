import { describe, expect, it } from 'vitest';
import { checkBookPush } from './book-message';

const levels = { a: [['101', '1']], b: [['100', '2']] };

describe('checkBookPush', () => {
  it('takes a live push without a checksum, reading it as none (0)', () => {
    const checked = checkBookPush({ action: 'update', data: [{ ...levels, seq: 12, pseq: 11, maxDepth: 400, ts: '5' }] });
    expect(checked).toEqual({ ok: true, push: { action: 'update', data: { ...levels, seq: 12, pseq: 11, checksum: 0, ts: '5' } } });
  });

  it('keeps a checksum that is present', () => {
    const checked = checkBookPush({ action: 'snapshot', data: [{ ...levels, seq: 3, checksum: -1504501796 }] });
    expect(checked.ok && checked.push.data).toMatchObject({ checksum: -1504501796 });
  });

  it('keeps a long sequence number as the digits the socket quoted, exact beyond 2^53', () => {
    const checked = checkBookPush({ action: 'update', data: [{ ...levels, seq: '1304314508780744706', pseq: '1304314508780744705' }] });
    expect(checked.ok && checked.push.data).toMatchObject({ seq: '1304314508780744706', pseq: '1304314508780744705' });
  });

  it('names the first field that keeps a push from being applied', () => {
    expect(checkBookPush({ action: 'delta', data: [] })).toMatchObject({ ok: false, field: 'action' });
    expect(checkBookPush({ action: 'update', data: {} })).toMatchObject({ ok: false, field: 'data' });
    expect(checkBookPush({ action: 'update', data: [{ a: [], b: 'x', seq: 1 }] })).toMatchObject({ ok: false, field: 'data.0.b' });
    expect(checkBookPush({ action: 'update', data: [{ ...levels, seq: '1e3' }] })).toMatchObject({ ok: false, field: 'data.0.seq' });
    expect(checkBookPush({ action: 'update', data: [{ ...levels, seq: 2, pseq: -1 }] })).toMatchObject({ ok: false, field: 'data.0.pseq' });
    expect(checkBookPush({ action: 'update', data: [{ ...levels, seq: 1, checksum: '7' }] })).toMatchObject({ ok: false, field: 'data.0.checksum' });
  });
});
