/**
 * CPU time (user + system, ms) of this process's finished children, from
 * Linux's /proc/self/stat (cutime + cstime, in clock ticks of 10 ms). On a
 * machine shared with other work, wall times swing with the load while a
 * child's CPU time barely moves, so the benches print both. NaN elsewhere.
 */
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

export function childCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** The CPU time a synchronous child run spent. */
export function cpuOf(run: () => unknown): number {
  const before = childCpuMs();
  run();
  return childCpuMs() - before;
}
