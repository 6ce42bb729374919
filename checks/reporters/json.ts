/** `--json`: the TraceResult itself, stable key order from construction, no timestamps. */
import type { TraceResult } from '../model.ts';

export function renderJson(result: TraceResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
