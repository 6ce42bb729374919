/**
 * The core's one error type. Whatever breaks below the protocol (a dead
 * channel, a refused capture, a tool that cannot be registered) is an
 * `McpCoreError` whose `kind` says what broke, which fact it rests on and
 * where the fix belongs. Protocol-level answers (parse error, method not
 * found) are not errors of this kind: they are frames the loop writes.
 */

// @implements mcp-core#TRANSPORT-FAILURE-IS-ONE-THISERROR-ENUM~fd79a2a9
export const ERROR_KINDS = {
  'input-failed': {
    fact: 'mcp-core#MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP',
    fix: 'the input channel broke (not a clean end of input): check how the host launches the server and keeps its stdin open',
  },
  'output-closed': {
    fact: 'mcp-core#WIRE-IS-LINE-DELIMITED-JSON-RPC-OVER-STDIO',
    fix: 'the host stopped reading the server’s stdout: check the host’s logs for why it dropped the server',
  },
  'capture-nested': {
    fact: 'mcp-core#LAWS-CAPTURES-MUST-NOT-NEST-OR-RUN-CONCURRENTLY',
    fix: 'do the work inside the capture the loop already holds: never call captureRun from a tool or run two at once',
  },
  'capture-unavailable': {
    fact: 'mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT',
    fix: 'run the server on Linux or macOS with the `koffi` package installed, or construct the Server with `capture: false` and keep tools off stdout',
  },
  'capture-syscall': {
    fact: 'mcp-core#CAPTURE-CELL-IS-THE-AUDITED-HOME-OF-UNSAFETY',
    fix: 'a descriptor call failed (errno in the message): check the open-file limit (`ulimit -n`) and that the temp directory is writable',
  },
  'tool-invalid': {
    fact: 'mcp-core#TOOL-IS-DESCRIPTOR-PLUS-RUN',
    fix: 'give the tool a descriptor with a non-empty string name, a string description and an object inputSchema, and a run function',
  },
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;

export class McpCoreError extends Error {
  override name = 'McpCoreError';
  readonly kind: ErrorKind;
  /** Address of the fact this failure rests on, e.g. `mcp-core#…`. */
  readonly fact: string;
  /** Where the fix belongs. */
  readonly fix: string;

  constructor(kind: ErrorKind, detail: string, options?: { cause?: unknown }) {
    const { fact, fix } = ERROR_KINDS[kind];
    super(`${detail} [${fact}] fix: ${fix}`, options);
    this.kind = kind;
    this.fact = fact;
    this.fix = fix;
  }
}

/** Narrows an unknown failure to the core's error, wrapping anything else as `kind`. */
export function asCoreError(error: unknown, kind: ErrorKind, detail: string): McpCoreError {
  if (error instanceof McpCoreError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new McpCoreError(kind, `${detail}: ${reason}`, { cause: error });
}
