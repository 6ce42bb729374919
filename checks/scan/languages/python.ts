/**
 * Python, by its lexical analysis (docs.python.org/3/reference/
 * lexical_analysis.html), checked against python3's own `tokenize`: `#`
 * comments; strings with any prefix (`r`, `b`, `u`, `f` and their pairs),
 * `'…'` and `"…"` on one line (a backslash continues them), `'''…'''` and
 * `"""…"""` over lines; a backslash keeps a quote from closing any of them,
 * raw ones too.
 */
import { declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { HASH_LINE } from './forms.ts';
import type { Following, Language, TestMarking } from './language.ts';

const PREFIX_CHARS = 'rRbBuUfF';

/** A decorator that always skips the test it stands on (`skipif`/`skipIf` decide at run time). */
const SKIP_DECORATOR = /^@(?:pytest\.mark\.skip|unittest\.skip)\b/;

/**
 * Python's test_* functions (and Test* classes) are test code wherever they
 * stand; a skip decorator on one says it never runs. The hook a finer
 * reading of Python's skip markers replaces.
 */
export function pythonTestMarking(following: Following): TestMarking {
  if (!following.symbol || !/^(?:function test_|class Test)/.test(following.symbol)) return {};
  // @implements green#STATIC-SKIP-VERIFIES-NOTHING
  if (following.annotations.some((a) => SKIP_DECORATOR.test(a))) return { inTest: true, notRun: 'skip' };
  return { inTest: true };
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
