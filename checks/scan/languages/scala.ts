// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the language's own interpolation, written as text on purpose
/**
 * Scala, by its lexical syntax (Scala Language Specification, "Lexical
 * Syntax", and Scala 3's): block comments nest; `"…"` escapes,
 * `"""…"""` does not and closes at the last `"""` of a run of quotes; an
 * interpolator (`s"…"`, `f"""…"""`, any identifier before the quote) holds
 * `${…}` code, with `$$` and `$"` as text; char literals; backtick names.
 */
import { AT_ANNOTATION, AT_MODIFIER, declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { BACKTICK_NAME, CHAR_LITERAL, NESTED_SLASH_BLOCK, SLASH_LINE } from './forms.ts';
import type { Language } from './language.ts';

const HOLE = [{ open: '${', close: '}' }];
const DOLLAR_TEXT = ['$$', '$"'];

// @implements scanner#KOTLIN-SWIFT-SCALA-READ-AS-THEMSELVES
export const scala: Language = {
  name: 'Scala',
  extensions: ['scala', 'sc'],
  grammar: {
    lineComments: [SLASH_LINE],
    blockComments: [NESTED_SLASH_BLOCK],
    strings: [
      {
        shows: '`id"""…"""` (with `${…}`)',
        first: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_',
        open: /[A-Za-z_][A-Za-z0-9_]*"""/y,
        wordStart: true,
        body: { close: '"""', greedyClose: true, literal: DOLLAR_TEXT, holes: HOLE },
      },
      {
        shows: '`id"…"` (with `${…}`)',
        first: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_',
        open: /[A-Za-z_][A-Za-z0-9_]*"/y,
        wordStart: true,
        body: { close: '"', escape: '\\', oneLine: true, literal: DOLLAR_TEXT, holes: HOLE },
      },
      { shows: '`"""…"""`', first: '"', open: /"""/y, body: { close: '"""', greedyClose: true } },
      { shows: '`"…"`', first: '"', open: /"/y, body: { close: '"', escape: '\\', oneLine: true } },
      CHAR_LITERAL,
      BACKTICK_NAME,
    ],
  },
  declarations: {
    line: declarationLine(
      ['def', 'class', 'object', 'trait', 'enum', 'given'],
      [
        'private(?:\\[\\w+\\])?',
        'protected(?:\\[\\w+\\])?',
        'override',
        'final',
        'implicit',
        'lazy',
        'abstract',
        'sealed',
        'case',
        'inline',
        'transparent',
        'open',
        'opaque',
        'infix',
        AT_MODIFIER,
      ],
    ),
    alias: FUNCTION_ALIAS,
    annotation: AT_ANNOTATION,
  },
  supported: true,
};
