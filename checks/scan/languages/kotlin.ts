// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the language's own interpolation, written as text on purpose
/**
 * Kotlin, by its lexical grammar (kotlinlang.org/spec, "Syntax and
 * grammar"): block comments nest; `"…"` escapes and `"""…"""` does not, both
 * hold `${…}` code; a raw string closes at the last `"""` of a run of quotes;
 * char literals; backtick names.
 */
import { AT_ANNOTATION, AT_MODIFIER, declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { BACKTICK_NAME, CHAR_LITERAL, NESTED_SLASH_BLOCK, SLASH_LINE } from './forms.ts';
import type { Language } from './language.ts';

const HOLE = [{ open: '${', close: '}' }];

// @implements scanner#KOTLIN-SWIFT-SCALA-READ-AS-THEMSELVES
export const kotlin: Language = {
  name: 'Kotlin',
  extensions: ['kt', 'kts'],
  grammar: {
    lineComments: [SLASH_LINE],
    blockComments: [NESTED_SLASH_BLOCK],
    strings: [
      {
        shows: '`"""…"""` (with `${…}`)',
        first: '"',
        open: /"""/y,
        body: { close: '"""', greedyClose: true, holes: HOLE },
      },
      {
        shows: '`"…"` (with `${…}`)',
        first: '"',
        open: /"/y,
        body: { close: '"', escape: '\\', oneLine: true, holes: HOLE },
      },
      CHAR_LITERAL,
      BACKTICK_NAME,
    ],
  },
  declarations: {
    line: declarationLine(
      ['fun', 'class', 'interface', 'object'],
      [
        'public',
        'private',
        'internal',
        'protected',
        'open',
        'override',
        'abstract',
        'final',
        'suspend',
        'inline',
        'data',
        'sealed',
        'enum',
        'annotation',
        'companion',
        'value',
        'inner',
        'operator',
        'infix',
        'tailrec',
        'external',
        'expect',
        'actual',
        'fun',
        AT_MODIFIER,
      ],
      '(?:<[^>]*>\\s*)?(?:[A-Za-z_][\\w.<>?, ]*\\.)?',
    ),
    alias: FUNCTION_ALIAS,
    annotation: AT_ANNOTATION,
  },
  supported: true,
};
