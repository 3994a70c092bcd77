import { describe, expect, it } from 'vitest';
import type { BenchResult } from './result';
import { summaryChart } from './summary-chart';

const book: BenchResult = {
  name: 'book',
  unit: 'msgs/s',
  ours: 600_000,
  peer: 200_000,
  peerName: 'ccxt',
  ratio: 3.1,
  target: 3,
  higherIsBetter: true,
  spread: { min: 2.8, max: 3.4, rounds: 7, stolen: { median: 0.02, max: 0.05 } },
};

describe('summaryChart', () => {
  it('draws one labelled row per benchmark with its median, spread and target', () => {
    const svg = summaryChart([book, { ...book, name: 'proxy', ratio: 1.1, target: 1.2, spread: undefined }]);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('book: 3.10x, target &gt;= 3.00x; 2.80-3.40x over 7 rounds');
    expect(svg).toContain('proxy: 1.10x, target &gt;= 1.20x; one run, no spread');
    expect(svg.match(/<circle /g)).toHaveLength(2);
  });

  it('marks a missed target in red and a met one in green', () => {
    const svg = summaryChart([{ ...book, ratio: 2.5, spread: { ...book.spread!, min: 2.4, max: 2.6 } }]);
    expect(svg).toContain('(not met)');
    expect(svg).toContain('#cf222e');
    expect(summaryChart([book])).not.toContain('(not met)');
  });

  it('reads a lower-is-better target in its direction', () => {
    const svg = summaryChart([{ ...book, name: 'ws-relay', ratio: 0.9, target: 1.5, higherIsBetter: false }]);
    expect(svg).toContain('target &lt;= 1.50x');
    expect(svg).not.toContain('(not met)');
  });

  it('draws each side target on its own row, against its own target, red when missed', () => {
    const svg = summaryChart([
      {
        ...book,
        name: 'ui',
        sideTargets: [
          { name: 'book p95', value: 29.9, unit: 'ms', target: 25, higherIsBetter: false, signed: false },
          { name: 'JS', value: 246.4, unit: 'KB', target: 250, higherIsBetter: false, signed: false },
        ],
      },
      { ...book, name: 'proxy', sideTargets: [{ name: 'over floor p50', value: -4, unit: 'µs', target: 30, higherIsBetter: false }] },
    ]);
    expect(svg).toContain('aria-label="ui: book p95: 29.9 ms, target &lt;= 25 ms"');
    expect(svg).toContain('aria-label="ui: JS: 246.4 KB, target &lt;= 250 KB"');
    expect(svg).toContain('aria-label="proxy: over floor p50: -4 µs, target &lt;= +30 µs"');
    expect(svg.match(/<rect x=/g)).toHaveLength(3);
    expect(svg.match(/\(not met\)/g)).toHaveLength(1);
  });

  it('draws the per-round spread of a side figure as a whisker and says it', () => {
    const side = { name: 'over floor p50', value: 73, unit: 'µs', target: 30, higherIsBetter: false };
    const withSpread = summaryChart([{ ...book, name: 'proxy', spread: undefined, sideTargets: [{ ...side, spread: { min: 49, max: 105, rounds: 5 } }] }]);
    const without = summaryChart([{ ...book, name: 'proxy', spread: undefined, sideTargets: [side] }]);
    expect(withSpread).toContain('aria-label="proxy: over floor p50: +73 µs, target &lt;= +30 µs; +49 to +105 µs over 5 rounds"');
    expect(withSpread).toContain('>over floor p50; +49 to +105 µs over 5 rounds</text>');
    // Three lines more than without: the bar and a tick at each end.
    expect(withSpread.match(/<line /g)!.length - without.match(/<line /g)!.length).toBe(3);
  });

  it('says a side figure that was not measured is not, and draws no mark for it', () => {
    // As read back from JSON: a page without a tape wrote its tape p95 as null.
    const value = JSON.parse('null') as number;
    const svg = summaryChart([{ ...book, name: 'ui', sideTargets: [{ name: 'tape p95', value, unit: 'ms', target: 25, higherIsBetter: false, signed: false }] }]);
    expect(svg).toContain('aria-label="ui: tape p95: not measured, target &lt;= 25 ms"');
    expect(svg).toContain('(not met)');
    expect(svg).not.toContain('NaN');
    expect(svg.match(/<rect x=/g)).toBeNull();
  });

  it('escapes names so a result cannot break the markup', () => {
    expect(summaryChart([{ ...book, name: '<b>&' }])).toContain('&lt;b&gt;&amp;');
  });
});
