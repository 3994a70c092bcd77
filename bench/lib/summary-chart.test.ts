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

  it('escapes names so a result cannot break the markup', () => {
    expect(summaryChart([{ ...book, name: '<b>&' }])).toContain('&lt;b&gt;&amp;');
  });
});
