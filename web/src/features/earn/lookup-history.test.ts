import { describe, expect, it } from 'vitest';
import { addLookup, loadLookups, saveLookups, type KeyValue, type LookupEntry } from './lookup-history';

const entry = (orderId: string, at = 1): LookupEntry => ({ at, orderId, periodType: 'flexible', outcome: 'success', msg: '' });
const memory = (): KeyValue & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
};

describe('lookup history', () => {
  it('puts the newest lookup first and keeps at most the limit', () => {
    let h: LookupEntry[] = [];
    for (const id of ['1', '2', '3']) h = addLookup(h, entry(id), 2);
    expect(h.map((e) => e.orderId)).toEqual(['3', '2']);
  });

  it('survives a save and load through session storage', () => {
    const s = memory();
    const h = [entry('9', 5), { ...entry('8', 4), outcome: 'fail' as const, msg: 'not matured' }];
    saveLookups(s, h);
    expect(loadLookups(s)).toEqual(h);
  });

  it('treats unreadable or foreign stored data as no history', () => {
    const s = memory();
    s.data.set('desk.redeem-lookups', '{oops');
    expect(loadLookups(s)).toEqual([]);
    s.data.set('desk.redeem-lookups', JSON.stringify([{ orderId: 1 }]));
    expect(loadLookups(s)).toEqual([]);
    expect(loadLookups(null)).toEqual([]);
  });
});
