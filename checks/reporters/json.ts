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

export function renderJson(result: TraceResult): string {
  return `${JSON.stringify({ ...result, findings: result.findings.map(findingJson) }, null, 2)}\n`;
}
