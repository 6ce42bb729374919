/** verification-unconfirmed: found where test outcomes are joined to citations (checks/outcomes.ts). */
import type { RuleUnit } from './unit.ts';

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
