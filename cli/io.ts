import type { EngineIO, Verdict } from '../engine/index.ts';

/** What a command may touch of the outside world; tests pass their own. */
// @implements cli#CLI-IO-ONLY
export interface CliIO extends EngineIO {
  /** What the client sends, for the commands that serve one (`lsp`); the bin passes the process's. */
  stdin?: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /**
   * Calls `stop` when the user interrupts (Ctrl-C, SIGTERM) and returns the
   * unsubscribe. Only long-running commands (`gen --watch`) listen; absent,
   * nothing interrupts them. The bin wires it to the process's signals.
   */
  onInterrupt?(stop: () => void): () => void;
}

/** Exit codes of the CLI contract. */
export const EXIT = { clean: 0, findings: 1, usage: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code of a gate's verdict: an unreadable input is exit 2, like any other. */
export const EXIT_OF_VERDICT: Record<Verdict, ExitCode> = {
  clean: EXIT.clean,
  findings: EXIT.findings,
  unreadable: EXIT.usage,
};

export interface Command {
  name: string;
  /** One line for `factline --help`. */
  summary: string;
  /** Full `factline NAME --help` text. */
  usage: string;
  run(argv: string[], io: CliIO): Promise<number>;
}

/** Colour on a terminal; FORCE_COLOR (but `0` or `false`) turns it on anywhere; NO_COLOR always turns it off. */
// @implements cli#FORCE-COLOR
export function wantsColor(io: CliIO): boolean {
  const noColor = io.env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  return io.stdout.isTTY === true && io.env.TERM !== 'dumb';
}
