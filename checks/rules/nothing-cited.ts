/**
 * nothing-cited: the scan found no citation at all in the globs it
 * searched. No silent green: a run that saw nothing most likely looked in
 * the wrong place, so it says where it looked. The trace asks once the
 * citations are judged (checks/trace.ts).
 */
import type { SpecDocument } from '../../reader/model.ts';
import type { JudgedCitation } from '../model.ts';
import type { Raised, RuleUnit } from './unit.ts';

export const nothingCited = {
  id: 'nothing-cited',
  meta: {
    severity: 'warning',
    description: 'The scan found no citation at all in the globs it searched.',
    help: 'A gate that sees nothing passes nothing: most often the source and test globs miss the code.',
    fix: 'point `sources` / `tests` (or scan_roots) at the code that cites the specs',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;

/** The globs a run searched, and the config file that set them (absent when the defaults applied). */
export interface Searched {
  globs: string[];
  where?: string;
}

/** The globs as a finding names them. */
export function globsSearched(searched: Searched): string {
  return searched.globs.length > 0 ? searched.globs.join(', ') : '(no globs)';
}

/** The warning for a run whose scan found no citation at all; undefined when it found one. */
// @implements trace#NO-SILENT-GREEN
export function nothingCitedFinding(
  documents: readonly SpecDocument[],
  citations: readonly JudgedCitation[],
  searched: Searched,
): Raised | undefined {
  if (citations.length > 0) return undefined;
  // With no config file the finding stands at the first spec, never at a file that does not exist.
  // @implements trace#NOTHING-CITED-NAMES-A-REAL-FILE
  const where = searched.where ?? documents[0]?.file ?? '.';
  return {
    rule: nothingCited.id,
    file: where,
    line: 1,
    column: 1,
    message: `the scan found no citation at all; searched${searched.where ? '' : ' the default globs (no config file)'}: ${globsSearched(searched)}`,
    fix:
      searched.where === undefined
        ? 'write factline.config.json (`npx factline init`) with `sources` / `tests` globs that reach the code citing the specs'
        : 'point `sources` / `tests` (or scan_roots) at the code that cites the specs',
  };
}
