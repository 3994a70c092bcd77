// The summary as a picture: one row per benchmark, its median ratio as a dot, the min-max of
// its rounds as a whisker, and its target as a dashed line, each row on its own scale (the
// ratios differ by orders of magnitude between benchmarks). Each side target (a latency, a
// size) gets a row under its benchmark, its figure against its own target, so a goal the
// ratio does not show is not hidden. Pure: returns SVG text.
import type { BenchResult, SideTarget } from './result';
import { isMeasured, meetsSideTarget, meetsTarget, sideTargetText } from './compare';

const ROW = 44;
const LEFT = 150;
const PLOT = 420;
const RIGHT = 230;
const TOP = 36;

export function summaryChart(results: readonly BenchResult[], title = 'UTA Desk benchmarks: ours / peer'): string {
  const width = LEFT + PLOT + RIGHT;
  const rows = results.flatMap((r) => [(y: number) => row(r, y), ...(r.sideTargets ?? []).map((t) => (y: number) => sideRow(r, t, y))]);
  const height = TOP + ROW * Math.max(rows.length, 1) + 16;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="8" y="20" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  if (results.length === 0) parts.push(`<text x="8" y="${TOP + 16}">no results</text>`);
  rows.forEach((draw, i) => parts.push(draw(TOP + i * ROW)));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function row(r: BenchResult, y: number): string {
  const lo = r.spread?.min ?? r.ratio;
  const hi = r.spread?.max ?? r.ratio;
  const top = Math.max(hi, r.target, r.ratio) * 1.15 || 1;
  const x = (v: number) => LEFT + (Math.max(0, v) / top) * PLOT;
  const mid = y + ROW / 2;
  const met = meetsTarget(r);
  const colour = met ? '#1a7f37' : '#cf222e';
  const spread = r.spread ? `${fmt(lo)}-${fmt(hi)}x over ${r.spread.rounds} rounds` : 'one run, no spread';
  const label = `${fmt(r.ratio)}x, target ${r.higherIsBetter ? '>=' : '<='} ${fmt(r.target)}x`;
  return [
    `<g aria-label="${escapeXml(`${r.name}: ${label}; ${spread}`)}">`,
    `<text x="8" y="${mid + 4}">${escapeXml(r.name)}</text>`,
    `<line x1="${LEFT}" y1="${mid}" x2="${LEFT + PLOT}" y2="${mid}" stroke="#d0d7de"/>`,
    `<line x1="${x(r.target).toFixed(1)}" y1="${y + 6}" x2="${x(r.target).toFixed(1)}" y2="${y + ROW - 6}" stroke="#57606a" stroke-dasharray="4 3"/>`,
    whisker(x(lo), x(hi), mid, colour),
    `<circle cx="${x(r.ratio).toFixed(1)}" cy="${mid}" r="5" fill="${colour}"/>`,
    `<text x="${LEFT + PLOT + 10}" y="${mid - 2}" fill="${colour}">${escapeXml(label)}${met ? '' : ' (not met)'}</text>`,
    `<text x="${LEFT + PLOT + 10}" y="${mid + 12}" fill="#57606a" font-size="10">${escapeXml(spread)}</text>`,
    '</g>',
  ].join('\n');
}

/** A side target's figure against its own target, on a scale from 0 (or below, for a negative figure). */
function sideRow(r: BenchResult, t: SideTarget, y: number): string {
  const measured = isMeasured(t.value);
  // A figure not measured has no mark: the scale is set by the target alone.
  const plotted = measured ? t.value : 0;
  const lo = t.spread?.min ?? plotted;
  const hi = t.spread?.max ?? plotted;
  const low = Math.min(0, lo, t.target);
  const high = Math.max(hi, t.target, 0) * 1.15 || 1;
  const x = (v: number) => LEFT + ((v - low) / (high - low)) * PLOT;
  const mid = y + ROW / 2;
  const met = meetsSideTarget(t);
  const colour = met ? '#1a7f37' : '#cf222e';
  const { value, target, spread } = sideTargetText(t);
  const label = `${measured ? `${value} ${t.unit}` : value}, target ${target}`;
  const name = `${r.name}: ${t.name}`;
  const range = t.spread ? `; ${spread} ${t.unit} over ${t.spread.rounds} rounds` : '';
  return [
    `<g aria-label="${escapeXml(`${name}: ${label}${range}`)}">`,
    `<text x="8" y="${mid + 4}" font-size="11">${escapeXml(name.length > 24 ? `${name.slice(0, 23)}…` : name)}</text>`,
    `<line x1="${LEFT}" y1="${mid}" x2="${LEFT + PLOT}" y2="${mid}" stroke="#d0d7de"/>`,
    `<line x1="${x(t.target).toFixed(1)}" y1="${y + 6}" x2="${x(t.target).toFixed(1)}" y2="${y + ROW - 6}" stroke="#57606a" stroke-dasharray="4 3"/>`,
    measured && t.spread ? whisker(x(lo), x(hi), mid, colour) : '',
    measured ? `<rect x="${(x(plotted) - 5).toFixed(1)}" y="${mid - 5}" width="10" height="10" fill="${colour}"/>` : '',
    `<text x="${LEFT + PLOT + 10}" y="${mid - 2}" fill="${colour}">${escapeXml(label)}${met ? '' : ' (not met)'}</text>`,
    `<text x="${LEFT + PLOT + 10}" y="${mid + 12}" fill="#57606a" font-size="10">${escapeXml(`${t.name}${range}`)}</text>`,
    '</g>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The min-max of the rounds: a bar with a tick at each end. */
function whisker(from: number, to: number, mid: number, colour: string): string {
  return [
    `<line x1="${from.toFixed(1)}" y1="${mid}" x2="${to.toFixed(1)}" y2="${mid}" stroke="${colour}" stroke-width="3"/>`,
    `<line x1="${from.toFixed(1)}" y1="${mid - 6}" x2="${from.toFixed(1)}" y2="${mid + 6}" stroke="${colour}" stroke-width="2"/>`,
    `<line x1="${to.toFixed(1)}" y1="${mid - 6}" x2="${to.toFixed(1)}" y2="${mid + 6}" stroke="${colour}" stroke-width="2"/>`,
  ].join('\n');
}

function fmt(v: number): string {
  return v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}
