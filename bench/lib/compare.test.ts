import { describe, expect, it, vi } from 'vitest';
import { compare, figureSpread, resultsTable, spreadOf } from './compare';
import { writeResult } from './result';

vi.mock('./result', async (load) => ({ ...(await load<typeof import('./result')>()), writeResult: vi.fn(() => '') }));

describe('spreadOf', () => {
  it('gives the min and max ratio and the median and largest stolen share of the known rounds', () => {
    expect(spreadOf([3.2, 2.9, 3.5], [0.01, null, 0.05])).toEqual({ min: 2.9, max: 3.5, rounds: 3, stolen: { median: 0.03, max: 0.05 } });
  });

  it('says the stolen share is unknown when no round knows it', () => {
    expect(spreadOf([1], [null]).stolen).toBeNull();
  });

  it('refuses no rounds at all', () => {
    expect(() => spreadOf([], [])).toThrow(RangeError);
  });
});

describe('figureSpread', () => {
  it('gives the lowest and highest round, rounded as the figure is, and the count', () => {
    expect(figureSpread([61.4, 48.6, 104.5], Math.round)).toEqual({ min: 49, max: 105, rounds: 3 });
  });

  it('refuses no rounds at all', () => {
    expect(() => figureSpread([])).toThrow(RangeError);
  });
});

describe('resultsTable', () => {
  it('prints the spread and stolen CPU beside the median, or says there is none', () => {
    const base = { name: 'book', unit: 'msgs/s', ours: 3, peer: 1, peerName: 'ccxt', ratio: 3, target: 3, higherIsBetter: true };
    const table = resultsTable([{ ...base, spread: { min: 2.5, max: 3.5, rounds: 7, stolen: { median: 0.012, max: 0.2 } } }, { ...base, name: 'once' }]);
    expect(table).toContain('2.50-3.50x');
    expect(table).toContain('1.2% (max 20.0%)');
    expect(table).toMatch(/once .* one run .* unknown/);
  });

  it('writes a target ratio to three decimals at most', () => {
    const base = { name: 'ui', unit: 'fps', ours: 60, peer: 60, peerName: 'idle page', ratio: 1, higherIsBetter: true };
    const table = resultsTable([{ ...base, target: 58 / 60 }, { ...base, name: 'proxy', target: 1.2 }]);
    expect(table).toMatch(/^ui .*>= 0\.967x +yes *$/m);
    expect(table).toMatch(/^proxy .*>= 1\.2x +NO *$/m);
  });

  it('gives each side target a row of its own under its result, with its own verdict', () => {
    const base = { name: 'proxy', unit: 'req/s', ours: 120, peer: 100, peerName: 'baseline', ratio: 1.2, target: 1.2, higherIsBetter: true };
    const side = { name: 'ours over floor p50', unit: 'µs', target: 30, higherIsBetter: false };
    const table = resultsTable([{ ...base, sideTargets: [{ ...side, value: 42 }] }, { ...base, name: 'next', sideTargets: [{ ...side, value: -3 }] }]);
    const lines = table.split('\n');
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix));
    expect(lines[at('proxy: ours over floor p50')]).toMatch(/µs +\+42 .*<= \+30 µs +NO *$/);
    expect(lines[at('next: ours over floor p50')]).toMatch(/-3 .*<= \+30 µs +yes *$/);
    expect(at('proxy: ours over floor p50')).toBe(at('proxy ') + 1);
    expect(at('next: ours over floor p50')).toBe(at('next ') + 1);
  });

  it('puts the per-round spread of a side figure and its rounds in the spread columns of its row', () => {
    const base = { name: 'proxy', unit: 'req/s', ours: 120, peer: 100, peerName: 'baseline', ratio: 1.2, target: 1.2, higherIsBetter: true };
    const side = { name: 'ours over floor p50', unit: 'µs', target: 30, higherIsBetter: false, value: 73, spread: { min: -4, max: 105, rounds: 5 } };
    const row = resultsTable([{ ...base, sideTargets: [side] }])
      .split('\n')
      .find((l) => l.startsWith('proxy: ours over floor p50'));
    expect(row).toMatch(/\+73 +-4 to \+105 +5 +<= \+30 µs +NO *$/);
  });

  it('never counts a figure that was not measured as met, in the run or read back from JSON', () => {
    const base = { name: 'ui', unit: 'fps', ours: 60, peer: 60, peerName: 'idle page', ratio: 1, target: 0.97, higherIsBetter: true };
    const side = { name: 'tape p95', unit: 'ms', target: 25, higherIsBetter: false, signed: false };
    // A page without a tape: NaN in the run, null once written (null <= 25 is true in JS).
    const fromJson = JSON.parse(JSON.stringify({ ...side, value: Number.NaN })) as typeof side & { value: number };
    const table = resultsTable([{ ...base, sideTargets: [{ ...side, value: Number.NaN }, fromJson] }]);
    const rows = table.split('\n').filter((l) => l.startsWith('ui: tape p95'));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatch(/not measured .*<= 25 ms +NO *$/);
  });
});

describe('compare', () => {
  const run = (callerWrites?: boolean) =>
    compare({ name: 'unit-test', unit: 'x', peerName: 'peer', target: 1, higherIsBetter: true, rounds: 2, callerWrites, round: () => ({ ours: 2, peer: 1 }) });

  it('writes its result, unless the caller completes and writes it (one history line per run)', async () => {
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.mocked(writeResult).mockClear();
    const written = await run();
    expect(written.ratio).toBe(2);
    expect(vi.mocked(writeResult)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(writeResult)).toHaveBeenCalledWith(written);
    vi.mocked(writeResult).mockClear();
    await run(true);
    expect(vi.mocked(writeResult)).not.toHaveBeenCalled();
    quiet.mockRestore();
  });
});
