/**
 * Go, by its specification ("Lexical elements"): `//` and `/* *\/`
 * comments (no nesting); interpreted strings `"…"` on one line, raw strings
 * `` `…` `` over lines with no escapes; rune literals.
 */

import { type GoRuns, goTestRuns } from '../test-runs-go.ts';
import { declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { CHAR_LITERAL, DOUBLE_QUOTED, SLASH_BLOCK, SLASH_LINE } from './forms.ts';
import type { Following, Language, TestMarking } from './language.ts';

/**
 * Go's test functions (`TestXxx`, `FuzzXxx`, `BenchmarkXxx`, `ExampleXxx`)
 * are test code; whether one runs is read as `go test` reads it
 * (test-runs-go.ts: its name and signature, `t.Skip()` first in its body,
 * the file's build constraint and `TestMain`), judged once per file.
 */
// @implements scanner#GO-STATIC-SKIP
export function goTestMarking(text: string): (following: Following) => TestMarking {
  let runs: GoRuns | undefined;
  return (following) => {
    if (following.at === undefined || !following.symbol?.startsWith('function ')) return {};
    runs ??= goTestRuns(text);
    const verdict = runs(following.at);
    if (!verdict.test) return {};
    return { inTest: true, ...(verdict.notRun !== undefined ? { notRun: verdict.notRun } : {}) };
  };
}

export const go: Language = {
  name: 'Go',
  extensions: ['go'],
  grammar: {
    lineComments: [SLASH_LINE],
    blockComments: [SLASH_BLOCK],
    strings: [
      DOUBLE_QUOTED,
      { shows: '`` `…` ``', first: '`', open: /`/y, body: { close: '`' } },
      { ...CHAR_LITERAL, shows: "runes `'…'`" },
    ],
  },
  declarations: {
    line: declarationLine(['func', 'type'], [], '(?:\\([^)]*\\)\\s*)?'),
    alias: FUNCTION_ALIAS,
  },
  testMarking: goTestMarking,
  supported: true,
};
