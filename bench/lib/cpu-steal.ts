// The share of this machine's CPU time the hypervisor gave to other guests ("steal" in
// /proc/stat) over an interval. On a shared VM it comes and goes, and while it is high
// every process here runs late: latency percentiles of a round move with it, so the ui
// bench prints it beside each round's figures. Null where /proc/stat is absent.
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  steal: number;
  /** Time no process ran (idle and iowait). */
  idle: number;
  total: number;
}

/** The machine-wide times from /proc/stat's text (its first line, "cpu user nice ... steal ..."). */
export function parseCpuTimes(stat: string): CpuTimes | null {
  const first = stat.split('\n', 1)[0] ?? '';
  const f = first.trim().split(/\s+/);
  if (f[0] !== 'cpu') return null;
  // user nice system idle iowait irq softirq steal (guest time is already in user)
  const t = f.slice(1, 9).map(Number);
  if (t.length < 8 || t.some((n) => !Number.isFinite(n))) return null;
  return { steal: t[7]!, idle: t[3]! + t[4]!, total: t.reduce((a, b) => a + b, 0) };
}

export function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** Steal over the interval as a share of all CPU time (0..1), or null if unknown. */
export function stolenShare(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return (after.steal - before.steal) / (after.total - before.total);
}

/** The share of the machine's CPU time (0..1) something ran over the interval, or null if unknown. */
export function busyShare(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}
