/**
 * The processes a tool run started, found and killed when its call is
 * cancelled. Reads `/proc` as text and never touches a descriptor; kept apart
 * so the lifecycle stays pure state.
 */
import { readdirSync, readFileSync } from 'node:fs';

// Linux reports process start times in these ticks since boot (USER_HZ, 100 on every architecture it runs on).
const TICKS_PER_SECOND = 100;

/**
 * Kills the processes below this one that started at or after `since` (a
 * `performance.now()` reading): what the cancelled run started, children of
 * children included. Read from `/proc`; where there is none, nothing is
 * killed and the run's `signal` is all a cancel does. No snapshot is taken
 * per call, so runs that are never cancelled pay nothing for this.
 */
// @implements mcp-lifecycle#CANCEL-KILLS-THE-RUNS-PROCESS-TREE
// @implements mcp-lifecycle#CANCEL-STOPS-THE-TREE-BEFORE-KILLING-IT
export function killStartedSince(since: number): number {
  let uptime: number;
  try {
    uptime = Number(readFileSync('/proc/uptime', 'latin1').split(' ')[0]);
  } catch {
    return 0;
  }
  // Boot-relative start of the run, one tick early so a child started in the run's first tick counts.
  const runStart = uptime - (performance.now() - since) / 1000 - 1 / TICKS_PER_SECOND;
  // Stopped first, killed after: a process killed at once may have forked between our look and
  // the kill, and its child, handed to init, is no longer below us to be found. A stopped process
  // forks no more and stays the parent of what it forked, so the next look finds that child too.
  const stopped = new Set<number>();
  for (let look = 0; look < MAX_LOOKS; look++) {
    let settled = true;
    for (const [pid, { started, state }] of processTree(process.pid)) {
      if (started / TICKS_PER_SECOND < runStart) continue;
      if (!stopped.has(pid)) {
        send(pid, 'SIGSTOP');
        stopped.add(pid);
        settled = false;
      } else if (!HALTED_STATES.has(state)) {
        // Signalled but not yet stopped: it may still fork until it is.
        settled = false;
      }
    }
    if (settled) break;
  }
  let killed = 0;
  for (const pid of stopped) if (send(pid, 'SIGKILL')) killed++;
  return killed;
}

// Enough looks for a tree whose every process forks once more while it is being stopped.
const MAX_LOOKS = 200;
// `/proc/<pid>/stat` states of a process that can fork no more: stopped, traced, zombie, dead.
const HALTED_STATES = new Set(['T', 't', 'Z', 'X', 'x']);

/** Sends `signal` to `pid`; false when it is gone already. */
function send(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** The processes below `root` (children of children included) with their start times in ticks and their states. */
function processTree(root: number): Map<number, { started: number; state: string }> {
  const parentOf = new Map<number, { ppid: number; started: number; state: string }>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return new Map();
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      // The command name may hold spaces and parentheses: the fields after its last `)` are plain.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(pid, { ppid: Number(fields[1]), started: Number(fields[19]), state: fields[0] ?? '' });
    } catch {
      // Exited while we looked.
    }
  }
  const found = new Map<number, { started: number; state: string }>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, { ppid, started, state }] of parentOf) {
      if (!found.has(pid) && (ppid === root || found.has(ppid))) {
        found.set(pid, { started, state });
        grew = true;
      }
    }
  }
  return found;
}
