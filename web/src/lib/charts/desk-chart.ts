// A lightweight-charts chart in the desk's theme. The library is imported on first use,
// so it stays out of the initial bundle (issue 6: initial JS under 250 KB gzipped).
import type { IChartApi, TimeScaleOptions } from 'lightweight-charts';

export type ChartsLib = typeof import('lightweight-charts');

export interface DeskChart {
  chart: IChartApi;
  lib: ChartsLib;
  /** A theme colour from the element's CSS variables, with a fallback. */
  color: (cssVar: string, fallback: string) => string;
}

export async function createDeskChart(el: HTMLElement, timeScale: Partial<TimeScaleOptions> = {}): Promise<DeskChart> {
  const lib = await import('lightweight-charts');
  const css = getComputedStyle(el);
  const color = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const chart = lib.createChart(el, {
    autoSize: true,
    layout: { background: { type: lib.ColorType.Solid, color: 'transparent' }, textColor: color('--desk-muted', '#9aa4b2') },
    grid: { vertLines: { color: color('--desk-line', '#2a313a') }, horzLines: { color: color('--desk-line', '#2a313a') } },
    timeScale: { timeVisible: true, ...timeScale },
  });
  return { chart, lib, color };
}
