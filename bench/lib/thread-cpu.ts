// CPU time of the page's main thread over an interval, from /proc (Linux; null elsewhere).
// The ui bench's latency tail on a 2-core machine comes from the page's thread waiting for
// a core as much as from its own work, so each round prints how busy the page's thread
// and the machine were (cpu-steal.ts busyShare): a change that lowers the page's CPU
// shows there even when one round's p95 moves with the machine. The proxy bench reads its
// servers' main threads the same way, over its serial probe (mainThreadRunNs).
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks a second in /proc's CPU times: USER_HZ, 100 on Linux. */
export const TICKS_PER_SECOND = 100;

/** Clock ticks of user + system time, from the text of /proc/<pid>/stat (a process) or /proc/<pid>/task/<tid>/stat (a thread). */
export function parseStatTicks(stat: string): number | null {
  // The command name may hold spaces and parentheses: fields count from its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks : null;
}

/** Nanoseconds a thread has spent on a CPU: the first field of /proc/<pid>/task/<tid>/schedstat. */
export function parseSchedstatRunNs(schedstat: string): number | null {
  const ns = Number(schedstat.split(' ')[0]);
  return schedstat.trim() !== '' && Number.isFinite(ns) ? ns : null;
}

/**
 * Nanoseconds a process's main thread (tid = pid, where Node runs its event loop) has spent
 * on a CPU; undefined where /proc has no schedstat. Precise to the nanosecond, where the
 * ticks of /proc/<pid>/stat count in 10 ms steps: fine enough for a few hundred requests.
 */
export function mainThreadRunNs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    return parseSchedstatRunNs(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8')) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The main threads (tid = pid) of every Chromium renderer process: pid -> ticks so far. */
function rendererMainTicks(): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const ticks = parseStatTicks(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
      if (ticks !== null) out.set(Number(pid), ticks);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Cores (0..1) the busiest renderer's main thread used from start() to the call of the function it returns. */
export function startPageThreadWindow(): () => number | null {
  const t0 = performance.now();
  const before = rendererMainTicks();
  return () => {
    const seconds = (performance.now() - t0) / 1000;
    let busiest: number | null = null;
    for (const [pid, ticks] of rendererMainTicks()) {
      const was = before.get(pid);
      if (was === undefined) continue;
      const cores = (ticks - was) / TICKS_PER_SECOND / seconds;
      if (busiest === null || cores > busiest) busiest = cores;
    }
    return busiest;
  };
}
