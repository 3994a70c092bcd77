import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBadInputStore, parsePushItems } from './bad-input-store';

const item = z.object({ price: z.string().regex(/^\d+$/) });

describe('bad input store', () => {
  it('counts every failure but warns once per channel and field', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('order', 'books BTCUSDT', '/api/v3/account/assets'), fc.constantFrom('data.0.state', 'data.3.state', 'data.0.a')), { maxLength: 30 }), (reports) => {
        const warnings: string[] = [];
        const sink = createBadInputStore((m) => warnings.push(m));
        for (const [channel, field] of reports) sink.report(channel, field, 'is invalid');
        const distinct = new Set(reports.map(([c, f]) => `${c}|${f.replace(/\d/, '*')}`));
        const { entries, total } = sink.store.getState();
        expect(total).toBe(reports.length);
        expect(entries).toHaveLength(distinct.size);
        expect(warnings).toHaveLength(distinct.size);
        expect(entries.reduce((n, e) => n + e.count, 0)).toBe(reports.length);
      }),
    );
  });

  it('names the channel and the first offending field in the warning', () => {
    const warnings: string[] = [];
    const sink = createBadInputStore((m) => warnings.push(m));
    expect(parsePushItems('order', item, [{ price: '1' }, { price: 'x' }, { price: 'y' }], sink)).toEqual([{ price: '1' }]);
    expect(warnings).toEqual([expect.stringContaining('order')]);
    expect(warnings[0]).toContain('data.*.price');
    expect(sink.store.getState().entries.map((e) => [e.field, e.count])).toEqual([['data.*.price', 2]]);
  });

  it('reports a data field that is not a list instead of treating it as empty', () => {
    const sink = createBadInputStore(() => {});
    expect(parsePushItems('account', item, { price: '1' }, sink)).toEqual([]);
    expect(sink.store.getState().entries).toEqual([{ channel: 'account', field: 'data', message: 'must be an array', count: 1 }]);
  });

  it('starts empty again after reset', () => {
    const sink = createBadInputStore(() => {});
    sink.report('fill', 'data.0.execId', 'is required');
    sink.reset();
    expect(sink.store.getState()).toEqual({ entries: [], total: 0 });
  });
});
