/**
 * The processes a tool run started, found and killed when its call is
 * cancelled. Reads `/proc` as text and never touches a descriptor; kept apart
 * so the lifecycle stays pure state.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// Linux reports process start times in these ticks since boot (USER_HZ, 100 on every architecture it runs on).
const TICKS_PER_SECOND = 100;

/** The pids a tool run spawned, recorded in the run's own async context. */
const spawnedIn = new AsyncLocalStorage<Set<number>>();

/**
 * Runs `run` with every process it spawns — in its own async context, so
 * however long it awaits — added to `pids`: a cancelled call kills what it
 * started and nothing a call beside it started. Node's spawn, exec, execFile
 * and fork all start their process through ChildProcess.prototype.spawn, which
 * is wrapped once, on first use; spawnSync blocks the loop, so no cancel can
 * arrive while its process runs.
 */
// @implements mcp-lifecycle#CANCEL-KILLS-ONLY-ITS-OWN-RUNS-PROCESSES
export function recordingSpawns<T>(pids: Set<number>, run: () => T): T {
  wrapSpawnOnce();
  return spawnedIn.run(pids, run);
}

function wrapSpawnOnce(): void {
  const proto = ChildProcess.prototype as ChildProcess & { spawn: (...args: unknown[]) => unknown };
  if ((proto.spawn as { recordsRuns?: true }).recordsRuns) return;
  const original = proto.spawn;
  const spawn = function (this: ChildProcess, ...args: unknown[]): unknown {
    const result = original.apply(this, args);
    const pids = spawnedIn.getStore();
    if (pids !== undefined && this.pid !== undefined) pids.add(this.pid);
    return result;
  };
  proto.spawn = Object.assign(spawn, { recordsRuns: true as const });
}

/**
 * Kills the processes one run spawned (`pids`, recorded by recordingSpawns)
 * and everything below them, stopping each before the kill as
 * killStartedSince does. A recorded pid counts only while it is still a child
 * of this process, so a pid the system reused for another process is left alone.
 */
export function killSpawned(pids: ReadonlySet<number>): number {
  if (pids.size === 0) return 0;
  return stopThenKill(() => processTree(process.pid, pids));
}

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
  return stopThenKill(() => {
    const found = processTree(process.pid);
    for (const [pid, { started }] of found) if (started / TICKS_PER_SECOND < runStart) found.delete(pid);
    return found;
  });
}

/** Stops every process `look` finds, looking again until none is left to fork, then kills them. */
function stopThenKill(look: () => Map<number, { state: string }>): number {
  // Stopped first, killed after: a process killed at once may have forked between our look and
  // the kill, and its child, handed to init, is no longer below us to be found. A stopped process
  // forks no more and stays the parent of what it forked, so the next look finds that child too.
  const stopped = new Set<number>();
  for (let round = 0; round < MAX_LOOKS; round++) {
    let settled = true;
    for (const [pid, { state }] of look()) {
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

/**
 * The processes below `root` (children of children included) with their
 * parents, start times in ticks and states; with `from`, only those of its
 * pids that are still children of `root` (a reused pid is someone else's) and
 * what is below them.
 */
function processTree(
  root: number,
  from?: ReadonlySet<number>,
): Map<number, { ppid: number; started: number; state: string }> {
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
  const found = new Map<number, { ppid: number; started: number; state: string }>();
  for (const [pid, info] of parentOf) {
    if (info.ppid === root && (from === undefined || from.has(pid))) found.set(pid, info);
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, info] of parentOf) {
      if (!found.has(pid) && found.has(info.ppid)) {
        found.set(pid, info);
        grew = true;
      }
    }
  }
  return found;
}
