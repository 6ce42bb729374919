/**
 * verification-unconfirmed: a verifying citation whose test's outcome the
 * given results cannot confirm (the reason says why), or, without results,
 * whose running the source cannot tell. The join is checks/outcomes.ts's; the
 * findings are built here. Only an explicit policy lowers it to a warning
 * that keeps the citation counting.
 */
import type { Severity } from '../../reader/model.ts';
import type { JudgedCitation } from '../model.ts';
import type { Raised, RuleUnit } from './unit.ts';
import { atResolved } from './verification-failed.ts';

export const verificationUnconfirmed = {
  id: 'verification-unconfirmed',
  meta: {
    severity: 'error',
    description:
      "A @verifies citation whose test's outcome the given test results cannot confirm, or, without results, whose test the source cannot tell runs (skipIf(flag), test.fails, it[name], t.skip()).",
    help: 'With --results a citing test counts only when the results name it in its own file and it passed. The message gives the reason: the file is absent from the results (or its runner names no file), no test there has its title, two tests share it, its title is not a literal, or it sits in no test block. Only `"results": {"unconfirmed": "warning"}` lowers it to a warning that keeps the citation counting.',
    fix: "pass the results of the runner that runs this test, from an output that names each test's file, and give the test a literal title",
    scope: 'citation',
  },
} as const satisfies RuleUnit;

/** Why the results cannot confirm a test: the join's reason, or a conformance vector that changed since it ran. */
export type Unconfirmed = { reason: string; detail: string } | { vectorChanged: string };

/** With results: the finding for a verifying citation the results (`sources`) cannot confirm. */
export function verificationUnconfirmedFinding(
  citation: JudgedCitation,
  severity: Severity,
  sources: readonly string[],
  why: Unconfirmed,
): Raised {
  const changed = 'vectorChanged' in why;
  return {
    rule: verificationUnconfirmed.id,
    severity,
    ...atResolved(citation),
    message: `@verifies ${citation.ref} cannot be confirmed by ${sources.join(', ')}: ${changed ? why.vectorChanged : why.detail}`,
    fix: changed
      ? 'run `factline conform … --results` again against the vectors as they are now'
      : unconfirmedFix(why.reason),
  };
}

/** Without results: the finding for a verifying citation whose test's running the source cannot tell (`why`: the form). */
export function staticUnconfirmedFinding(
  citation: JudgedCitation,
  test: string,
  why: string | undefined,
  unsure: 'warning' | undefined,
): Raised {
  return {
    rule: verificationUnconfirmed.id,
    ...(unsure === 'warning' ? { severity: 'warning' as const } : {}),
    ...atResolved(citation),
    message: `the source cannot tell whether ${test} runs (${why ?? 'a form factline does not resolve'}), so without results it verifies nothing about ${citation.resolved}`,
    fix: "pass the runner's results with --results, or cite a test whose declaration says plainly that it runs",
  };
}

/** Without results: the finding for a verifying citation in a test file that sits in no test block. */
export function staticNoTestBlockFinding(citation: JudgedCitation, unsure: 'warning' | undefined): Raised {
  return {
    rule: verificationUnconfirmed.id,
    ...(unsure === 'warning' ? { severity: 'warning' as const } : {}),
    ...atResolved(citation),
    message: `@verifies ${citation.ref} sits in no test block (outside every it()/test()/describe(), test function or test module), so no test's declaration says it runs and it verifies nothing about ${citation.resolved}`,
    fix: unconfirmedFix('no-test-block'),
  };
}

function unconfirmedFix(reason: string): string {
  switch (reason) {
    case 'no-test-block':
      return 'move the citation inside (or right above) the it()/test() that proves the fact';
    case 'title-not-literal':
      return 'give the test (and its suites) a literal title the results can be matched by';
    case 'title-not-found':
      return 'run that test when writing the results, or pass the results file that has it with --results';
    case 'ambiguous':
      return 'give the tests of this file distinct titles';
    default:
      return 'pass the results of the runner that runs this file (one that names each test\'s file), or, while moving a project over, set `"results": {"unconfirmed": "warning"}`';
  }
}
