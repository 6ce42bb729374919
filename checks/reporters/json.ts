/** `--json`: the TraceResult itself, stable key order from construction, no timestamps. */
import type { Finding, TraceResult } from '../model.ts';

/**
 * A finding in a fixed key order with `fact` always present (`null` when the
 * finding concerns no fact, e.g. a spec diagnostic or drift), so consumers
 * can rely on the key the contract names.
 */
function findingJson(f: Finding): Record<string, unknown> {
  return {
    rule: f.rule,
    severity: f.severity,
    fact: f.fact ?? null,
    file: f.file,
    line: f.line,
    column: f.column,
    message: f.message,
    ...(f.fix !== undefined ? { fix: f.fix } : {}),
  };
}

/** The value `--json` prints. */
export function jsonReport(result: TraceResult): Record<string, unknown> {
  return { ...result, findings: result.findings.map(findingJson) };
}

/** Whether JSON.stringify writes this property at all. */
function printable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

/**
 * A top-level array, `batch` elements per piece: each piece is what
 * JSON.stringify would write there. A batch is stringified as the one
 * property of an object, which puts its elements at their depth in the
 * report (four spaces), so the text needs no re-indenting.
 */
function* arrayPieces(items: readonly unknown[], batch: number): Generator<string> {
  yield '[\n';
  for (let at = 0; at < items.length; at += batch) {
    const text = JSON.stringify({ a: items.slice(at, at + batch) }, null, 2);
    // `{\n  "a": [\n    x,\n    y\n  ]\n}` → `    x,\n    y`.
    const inner = text.slice(BATCH_HEAD.length, -BATCH_TAIL.length);
    yield at === 0 ? inner : `,\n${inner}`;
  }
  yield '\n  ]';
}

const BATCH_HEAD = '{\n  "a": [\n';
const BATCH_TAIL = '\n  ]\n}';

/** Indents every line after the first by `by` (a JSON string never holds a raw newline). */
function indent(text: string, by: string): string {
  return text.replaceAll('\n', `\n${by}`);
}

/**
 * About how much text a piece of a long array holds: well below the size V8
 * allocates as a large object (~128 KB), which only a full collection frees
 * (and each one marks the whole result); a piece of a few dozen KB dies
 * young and costs next to nothing to collect.
 */
// @implements cli#JSON-SMALL-PIECES
const PIECE_CHARS = 32 << 10;

/** Elements per piece of `items`, sized by its first element. */
function batchFor(items: readonly unknown[]): number {
  const first = JSON.stringify(items[0], null, 2) ?? '';
  return Math.max(1, Math.floor(PIECE_CHARS / (first.length + 8)));
}

/**
 * The `--json` text in pieces, so a caller can write it as it is produced
 * instead of holding one string of the whole result: joined, the pieces are
 * exactly `JSON.stringify(jsonReport(result), null, 2)` and a newline. The
 * arrays (citations, facts, findings) go out a batch of elements at a time:
 * `batch` of them, or by default as many as make about PIECE_CHARS.
 */
// @implements cli#JSON-STREAMED
export function* jsonPieces(result: TraceResult, batch?: number): Generator<string> {
  const report = jsonReport(result);
  const keys = Object.keys(report).filter((key) => printable(report[key]));
  if (keys.length === 0) {
    yield '{}\n';
    return;
  }
  yield '{\n';
  for (const [n, key] of keys.entries()) {
    const value = report[key];
    yield `  ${JSON.stringify(key)}: `;
    if (Array.isArray(value) && value.length > 1) yield* arrayPieces(value, batch ?? batchFor(value));
    else yield indent(JSON.stringify(value, null, 2), '  ');
    yield n === keys.length - 1 ? '\n' : ',\n';
  }
  yield '}\n';
}

export function renderJson(result: TraceResult): string {
  return [...jsonPieces(result)].join('');
}
