/**
 * Temporary things a run makes outside the project (the index snapshot of
 * `check --staged`, the worktree of `check --base`) are removed when the
 * run ends, and also when it is interrupted: on SIGINT, SIGTERM or SIGHUP
 * each registered cleanup runs (newest first), then the process exits with
 * the shell's code for the signal (128 + its number: 130, 143, 129). A
 * `finally` alone does not run when a signal ends the process.
 */

const EXIT_OF: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

const pending: (() => void)[] = [];

function onSignal(signal: NodeJS.Signals): void {
  for (const cleanup of pending.splice(0).reverse()) {
    try {
      cleanup();
    } catch {
      // One cleanup failing must not keep the others from running.
    }
  }
  process.exit(EXIT_OF[signal] ?? 1);
}

/**
 * Runs `cleanup` if the process is interrupted before the returned release
 * is called; release when the thing is gone (the normal end cleans it).
 * The listeners stay two turns of the event loop longer: a signal that came
 * while a synchronous stretch of the gate held the thread is read only
 * then, and must still end the run with its exit code, not be lost.
 */
// @implements engine#INTERRUPTED-RUNS-CLEAN-UP
export function cleanupOnInterrupt(cleanup: () => void): () => void {
  if (!listening) {
    for (const signal of Object.keys(EXIT_OF)) process.on(signal, onSignal);
    listening = true;
  }
  pending.push(cleanup);
  return () => {
    const at = pending.indexOf(cleanup);
    if (at !== -1) pending.splice(at, 1);
    setImmediate(() =>
      setImmediate(() => {
        if (pending.length > 0 || !listening) return;
        for (const signal of Object.keys(EXIT_OF)) process.off(signal, onSignal);
        listening = false;
      }),
    );
  };
}

let listening = false;
