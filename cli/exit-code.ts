import type { TraceResult } from '../checks/model.ts';
import { EXIT } from './io.ts';

/** Findings that mean an input could not be read whole: exit 2, like any unreadable input. */
const UNREADABLE = new Set<string>(['nesting-too-deep']);

/** The gate's exit code: any error finding fails the run; warnings and infos never do. */
export function exitCodeOf(result: TraceResult): number {
  if (result.findings.some((f) => UNREADABLE.has(f.rule))) return EXIT.usage;
  return result.summary.findings.error > 0 ? EXIT.findings : EXIT.clean;
}
