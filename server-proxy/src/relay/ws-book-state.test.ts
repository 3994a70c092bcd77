import { describe, expect, it } from 'vitest';
import { depthChecksum } from '@contract/book/depth-checksum';
import type { DepthLevel } from '@contract/schemas/ws-depth';
import { RelayBook } from './ws-book-state';

const ARG = '{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"}';

/** An upstream books push as raw bytes, with the checksum of the book it leaves. */
function push(action: 'snapshot' | 'update', b: DepthLevel[], a: DepthLevel[], book: { b: Map<string, string>; a: Map<string, string> }, pseq: number, seq: number): Buffer {
  for (const [levels, side] of [[b, book.b], [a, book.a]] as const) {
    for (const [p, s] of levels) {
      if (s === '0') side.delete(p);
      else side.set(p, s);
    }
  }
  const bids = [...book.b].sort((x, y) => Number(y[0]) - Number(x[0])) as DepthLevel[];
  const asks = [...book.a].sort((x, y) => Number(x[0]) - Number(y[0])) as DepthLevel[];
  const data = { a, b, checksum: depthChecksum(bids, asks), pseq, seq, ts: '0' };
  return Buffer.from(`{"arg":${ARG},"action":"${action}","data":[${JSON.stringify(data)}],"ts":1}`);
}

function upstream() {
  const book = { b: new Map<string, string>(), a: new Map<string, string>() };
  let seq = 10;
  return {
    book,
    // The whole book as it stands (seeded on the first one).
    snapshot: () =>
      book.b.size === 0
        ? push('snapshot', [['100.5', '1'], ['99.5', '2']], [['101.5', '3']], book, 0, seq)
        : push('snapshot', [...book.b] as DepthLevel[], [...book.a] as DepthLevel[], book, 0, seq),
    update: (price: string, size: string) => {
      const pseq = seq;
      seq += 1;
      return push('update', [[price, size]], [], book, pseq, seq);
    },
    get seq() {
      return seq;
    },
  };
}

describe('RelayBook (lazy copy of a shared books subscription)', () => {
  it('keeps raw pushes and applies them only when a snapshot is asked for', () => {
    const up = upstream();
    const copy = new RelayBook(64 * 1024);
    copy.noteSnapshot(up.snapshot());
    for (let i = 0; i < 20; i++) expect(copy.noteUpdate(up.update(`${98 - i}.5`, `${i + 1}`))).toBe('kept');
    expect(copy.backlogLength).toBe(21);
    const data = copy.snapshotData('7');
    expect(copy.backlogLength).toBe(0);
    expect(data?.seq).toBe(up.seq);
    expect(data?.b).toHaveLength(22);
    expect(data?.b[0]).toEqual(['100.5', '1']);
    // Later updates go on top of the applied book.
    copy.noteUpdate(up.update('100.5', '0'));
    expect(copy.snapshotData('8')?.b[0]).toEqual(['99.5', '2']);
  });

  it('gives the copy up once the raw backlog passes its bound, and ignores updates until a new snapshot', () => {
    const up = upstream();
    const copy = new RelayBook(2000);
    copy.noteSnapshot(up.snapshot());
    const results = Array.from({ length: 30 }, (_, i) => copy.noteUpdate(up.update(`${90 - i}.5`, '1')));
    expect(results).toContain('dropped');
    expect(results.at(-1)).toBe('ignored');
    expect(copy.hasCopy).toBe(false);
    expect(copy.snapshotData('1')).toBeNull();
    copy.noteSnapshot(up.snapshot());
    expect(copy.snapshotData('2')?.seq).toBe(up.seq);
  });

  it('answers null, without throwing, when a raw update in the backlog is malformed or leaves a gap', () => {
    const up = upstream();
    const broken = new RelayBook(64 * 1024);
    broken.noteSnapshot(up.snapshot());
    broken.noteUpdate(Buffer.from(`{"arg":${ARG},"action":"update","data":[{"b":[["oops","1"]],"a":[],"checksum":0,"pseq":10,"seq":11}]}`));
    expect(broken.snapshotData('1')).toBeNull();

    const gap = new RelayBook(64 * 1024);
    gap.noteSnapshot(up.snapshot());
    up.update('97.5', '1'); // never reaches the copy
    gap.noteUpdate(up.update('96.5', '1'));
    expect(gap.snapshotData('1')).toBeNull();
    expect(gap.hasCopy).toBe(false);
  });
});

describe('RelayBook on the live dialect (no checksum, seq beyond 2^53, pseq 0 after a restart)', () => {
  const livePush = (action: 'snapshot' | 'update', b: DepthLevel[], pseq: string, seq: string) =>
    Buffer.from(`{"data":[{"a":[["101.5","3"]],"b":${JSON.stringify(b)},"pseq":${pseq},"seq":${seq},"maxDepth":"50","ts":"1"}],"arg":${ARG},"action":"${action}","ts":1}`);
  const base = 1304314508780744705n;

  it('serves snapshots from checksum-less pushes and keeps the seq exact', () => {
    const copy = new RelayBook(64 * 1024);
    copy.noteSnapshot(livePush('snapshot', [['100.5', '1']], '0', base.toString()));
    copy.noteUpdate(livePush('update', [['99.5', '2']], base.toString(), (base + 1n).toString()));
    const first = copy.snapshotData('1');
    expect(first).not.toBeNull();
    expect(first?.seq).toBe((base + 1n).toString());
    expect(first?.b).toEqual([['100.5', '1'], ['99.5', '2']]);
    // Asked again with no new push: still there (no mismatch, no refresh loop).
    copy.noteUpdate(livePush('update', [['98.5', '1']], (base + 1n).toString(), (base + 2n).toString()));
    expect(copy.snapshotData('2')?.seq).toBe((base + 2n).toString());
  });

  it('notices a lost update one apart beyond 2^53', () => {
    const copy = new RelayBook(64 * 1024);
    copy.noteSnapshot(livePush('snapshot', [['100.5', '1']], '0', base.toString()));
    copy.noteUpdate(livePush('update', [['99.5', '2']], (base + 1n).toString(), (base + 2n).toString()));
    expect(copy.snapshotData('1')).toBeNull();
  });

  it('gives the copy up on a restart (pseq 0) and builds again from the next snapshot', () => {
    const copy = new RelayBook(64 * 1024);
    copy.noteSnapshot(livePush('snapshot', [['100.5', '1']], '0', base.toString()));
    copy.noteUpdate(livePush('update', [['99.5', '2']], '0', '7'));
    expect(copy.snapshotData('1')).toBeNull();
    copy.noteSnapshot(livePush('snapshot', [['100.5', '1']], '0', '8'));
    copy.noteUpdate(livePush('update', [['99.5', '2']], '8', '9'));
    expect(copy.snapshotData('2')).toMatchObject({ seq: 9, b: [['100.5', '1'], ['99.5', '2']] });
  });
});
