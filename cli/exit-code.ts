import type { TraceResult } from '../checks/model.ts';
import { EXIT } from './io.ts';

/** The gate's exit code: any error finding fails the run; warnings and infos never do. */
export function exitCodeOf(result: TraceResult): number {
  return result.summary.findings.error > 0 ? EXIT.findings : EXIT.clean;
}
