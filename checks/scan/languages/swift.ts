/**
 * Swift, by its lexical structure (The Swift Programming Language, "Lexical
 * Structure"): block comments nest; `"…"` and `"""…"""` escape with `\` and
 * hold `\(…)` code; extended delimiters `#"…"#`, `##"""…"""##` escape and
 * interpolate only with as many `#` (`\#(…)`); extended regular
 * expressions `#/…/#`; backtick names.
 */
import { AT_ANNOTATION, AT_MODIFIER, declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { BACKTICK_NAME, NESTED_SLASH_BLOCK, SLASH_LINE } from './forms.ts';
import type { StringBody } from './grammar.ts';
import type { Language } from './language.ts';

/** A string's body closed by `quotes` and as many `#` as opened it. */
function delimited(quotes: string, hashes: string, oneLine: boolean): StringBody {
  return {
    close: quotes + hashes,
    escape: `\\${hashes}`,
    holes: [{ open: `\\${hashes}(`, close: ')' }],
    oneLine,
  };
}

// @implements scanner#KOTLIN-SWIFT-SCALA-READ-AS-THEMSELVES
export const swift: Language = {
  name: 'Swift',
  extensions: ['swift'],
  grammar: {
    lineComments: [SLASH_LINE],
    blockComments: [NESTED_SLASH_BLOCK],
    strings: [
      {
        shows: '`"""…"""`, `#"""…"""#` (with `\\(…)`, `\\#(…)`)',
        first: '"#',
        open: /(#*)"""/y,
        body: (m) => delimited('"""', m[1]!, false),
      },
      {
        shows: '`"…"`, `#"…"#`',
        first: '"#',
        open: /(#*)"/y,
        body: (m) => delimited('"', m[1]!, true),
      },
      {
        shows: '`#/…/#`',
        first: '#',
        open: /(#+)\//y,
        body: (m) => ({ close: `/${m[1]}`, escape: '\\' }),
      },
      BACKTICK_NAME,
    ],
  },
  declarations: {
    line: declarationLine(
      ['func', 'class', 'struct', 'enum', 'protocol', 'extension', 'actor'],
      [
        'public',
        'private',
        'fileprivate',
        'internal',
        'package',
        'open',
        'final',
        'static',
        'class',
        'override',
        'mutating',
        'nonmutating',
        'convenience',
        'required',
        'indirect',
        'nonisolated',
        'async',
        AT_MODIFIER,
      ],
    ),
    alias: FUNCTION_ALIAS,
    annotation: AT_ANNOTATION,
  },
  supported: true,
};
