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

/** Indents every line after the first by `by` (a JSON string never holds a raw newline). */
function indent(text: string, by: string): string {
  return text.replaceAll('\n', `\n${by}`);
}

/** A top-level array, `batch` elements per piece: each piece is what JSON.stringify would write there. */
function* arrayPieces(items: readonly unknown[], batch: number): Generator<string> {
  yield '[\n';
  for (let at = 0; at < items.length; at += batch) {
    const text = JSON.stringify(items.slice(at, at + batch), null, 2);
    // `[\n  a,\n  b\n]` → `    a,\n    b`: the elements one level deeper.
    const inner = `  ${indent(text.slice(2, -2), '  ')}`;
    yield at === 0 ? inner : `,\n${inner}`;
  }
  yield '\n  ]';
}

/**
 * The `--json` text in pieces, so a caller can write it as it is produced
 * instead of holding one string of the whole result: joined, the pieces are
 * exactly `JSON.stringify(jsonReport(result), null, 2)` and a newline. The
 * long arrays (citations, facts, findings) go out `batch` elements at a time.
 */
// @implements speed-start#JSON-STREAMED
export function* jsonPieces(result: TraceResult, batch = 500): Generator<string> {
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
    if (Array.isArray(value) && value.length > batch) yield* arrayPieces(value, batch);
    else yield indent(JSON.stringify(value, null, 2), '  ');
    yield n === keys.length - 1 ? '\n' : ',\n';
  }
  yield '}\n';
}

export function renderJson(result: TraceResult): string {
  return [...jsonPieces(result)].join('');
}
