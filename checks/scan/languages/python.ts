/**
 * Python, by its lexical analysis (docs.python.org/3/reference/
 * lexical_analysis.html), checked against python3's own `tokenize`: `#`
 * comments; strings with any prefix (`r`, `b`, `u`, `f` and their pairs),
 * `'…'` and `"…"` on one line (a backslash continues them), `'''…'''` and
 * `"""…"""` over lines; a backslash keeps a quote from closing any of them,
 * raw ones too.
 */

import { type PythonRuns, pythonTestRuns } from '../test-runs-python.ts';
import { declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { HASH_LINE } from './forms.ts';
import type { Following, Language, TestMarking } from './language.ts';

const PREFIX_CHARS = 'rRbBuUfF';

/**
 * Python's test_* functions (and Test* classes) are test code wherever they
 * stand; whether a test function or class runs is decided as pytest and
 * unittest decide it (test-runs-python.ts: imports, class and module marks,
 * literal conditions), judged once per file.
 */
// @implements scanner#STATIC-SKIP-VERIFIES-NOTHING
export function pythonTestMarking(text: string): (following: Following) => TestMarking {
  let runs: PythonRuns | undefined;
  return (following) => {
    const symbol = following.symbol;
    if (!symbol || !/^(?:function test_|class )/.test(symbol)) return {};
    const marking: TestMarking = /^(?:function test_|class Test)/.test(symbol) ? { inTest: true } : {};
    if (following.at === undefined) return marking;
    runs ??= pythonTestRuns(text);
    const notRun = runs(following.at);
    if (notRun !== undefined) marking.notRun = notRun;
    return marking;
  };
}

export const python: Language = {
  name: 'Python',
  extensions: ['py'],
  grammar: {
    lineComments: [HASH_LINE],
    blockComments: [],
    strings: [
      {
        shows: '`\'\'\'…\'\'\'`, `"""…"""`',
        first: `'"${PREFIX_CHARS}`,
        open: /[rRbBuUfF]{0,2}('''|""")/y,
        wordStart: true,
        body: (m) => ({ close: m[1]!, escape: '\\' }),
      },
      {
        shows: '`\'…\'`, `"…"`, with any prefix (`r`, `b`, `f`, `rb`, …)',
        first: `'"${PREFIX_CHARS}`,
        open: /[rRbBuUfF]{0,2}(['"])/y,
        wordStart: true,
        body: (m) => ({ close: m[1]!, escape: '\\', oneLine: true }),
      },
    ],
  },
  declarations: {
    line: declarationLine(['def', 'class'], ['async']),
    alias: FUNCTION_ALIAS,
    // Any line starting `@` is a decorator (a comment may follow it).
    annotation: /^@/,
  },
  testMarking: pythonTestMarking,
  supported: true,
};
