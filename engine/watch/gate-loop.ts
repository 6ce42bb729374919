/**
 * `check --watch`: the gate, then again on every change to a file it reads,
 * printing after the first report only what changed since the run before:
 * the findings that appeared (+) and went (-), and the verdict line. The
 * caller maps the last result to its exit code when the user interrupts.
 */
import { findingsBetween } from '../../checks/base-delta.ts';
import type { Finding, TraceResult } from '../../checks/model.ts';
import { formatFinding, renderConsole, verdictLine } from '../../checks/reporters/console.ts';
import type { FactlineConfig } from '../config/model.ts';
import { UsageError } from '../errors.ts';
import { outsideFolders, readsPath, type TreeWatch, watchTree } from './tree.ts';

export type Judge = () => Promise<{ config: FactlineConfig; result: TraceResult }>;

/** Where the loop prints, and how it learns the user wants it to stop (Ctrl-C). */
export interface WatchOutput {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  onInterrupt?(stop: () => void): () => void;
}

/** What a re-run prints: the findings that came and went, then the verdict. */
export function changeReport(before: TraceResult, after: TraceResult, color: boolean): string {
  const { added, gone } = findingsBetween(before.findings, after.findings);
  const line = (sign: string, f: Finding) => `${sign} ${formatFinding(f)}`;
  const lines =
    added.length + gone.length === 0
      ? ['no finding came or went']
      : [...gone.map((f) => line('-', f)), ...added.map((f) => line('+', f))];
  return `${[...lines, verdictLine(after, { color })].join('\n')}\n`;
}

// @implements engine#WATCH-RERUNS-ON-CHANGE
export async function watchGate(
  io: WatchOutput,
  judge: Judge,
  color: boolean,
): Promise<TraceResult | undefined> {
  let last: TraceResult | undefined;
  let watching: TreeWatch | undefined;
  let reads: (path: string) => boolean = () => true;
  let running = false;
  let again = false;
  const runOnce = async (): Promise<void> => {
    const started = performance.now();
    try {
      const { config, result } = await judge();
      if (last === undefined) io.stdout.write(renderConsole(result, { color }));
      else io.stdout.write(`\n${changeReport(last, result, color)}`);
      last = result;
      reads = readsPath(config);
      if (watching === undefined) {
        watching = watchTree(
          config.root,
          (path) => reads(path),
          () => void rerun(),
          outsideFolders(config),
        );
        io.stdout.write(`watching ${config.root} for changes (Ctrl-C stops)\n`);
      } else {
        io.stderr.write(`check --watch: judged in ${Math.round(performance.now() - started)} ms\n`);
      }
    } catch (error) {
      // A file caught mid-save, or a config being edited: say so and wait for the next change.
      if (!(error instanceof UsageError) || last === undefined) throw error;
      io.stdout.write(`\ncheck --watch: ${error.message}\n`);
    }
  };
  const rerun = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await runOnce();
      } while (again);
    } finally {
      running = false;
    }
  };
  await runOnce();
  return new Promise((done) => {
    const unsubscribe = io.onInterrupt?.(() => {
      watching?.close();
      unsubscribe?.();
      done(last);
    });
  });
}
