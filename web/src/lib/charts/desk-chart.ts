// A lightweight-charts chart in the desk's theme. The library is imported on first use,
// so it stays out of the initial bundle (issue 6: initial JS under 250 KB gzipped).
import type { IChartApi, TimeScaleOptions } from 'lightweight-charts';
import { watchTheme } from './theme-watch';

export type ChartsLib = typeof import('lightweight-charts');

export interface DeskChart {
  chart: IChartApi;
  lib: ChartsLib;
  /** A theme colour from the element's CSS variables, with a fallback (read now: call again after a theme switch). */
  color: (cssVar: string, fallback: string) => string;
  /** Repaints the chart's own colours on every theme switch, then calls `restyle` for the series'; returns the stop. */
  followTheme(restyle: () => void): () => void;
}

export async function createDeskChart(el: HTMLElement, timeScale: Partial<TimeScaleOptions> = {}): Promise<DeskChart> {
  const lib = await import('lightweight-charts');
  const color = (name: string, fallback: string) => getComputedStyle(el).getPropertyValue(name).trim() || fallback;
  const themed = () => ({
    layout: { background: { type: lib.ColorType.Solid, color: 'transparent' }, textColor: color('--desk-muted', '#9aa4b2') },
    grid: { vertLines: { color: color('--desk-line', '#2a313a') }, horzLines: { color: color('--desk-line', '#2a313a') } },
  });
  const chart = lib.createChart(el, { autoSize: true, ...themed(), timeScale: { timeVisible: true, ...timeScale } });
  const followTheme = (restyle: () => void) =>
    watchTheme(() => {
      chart.applyOptions(themed());
      restyle();
    });
  return { chart, lib, color, followTheme };
}
