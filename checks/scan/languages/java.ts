/**
 * Java, by the JLS ("Lexical Structure"): `//` and `/* *\/` comments (no
 * nesting); `"…"`, text blocks `"""…"""` (escapes in both), character
 * literals.
 */
import { AT_ANNOTATION, AT_MODIFIER, declarationLine } from './declarations.ts';
import { CHAR_LITERAL, DOUBLE_QUOTED, SLASH_BLOCK, SLASH_LINE } from './forms.ts';
import type { Language } from './language.ts';

export const JAVA_MODIFIERS = [
  'public',
  'private',
  'protected',
  'static',
  'final',
  'abstract',
  'sealed',
  'non-sealed',
  'strictfp',
];

export const java: Language = {
  name: 'Java',
  extensions: ['java'],
  grammar: {
    lineComments: [SLASH_LINE],
    blockComments: [SLASH_BLOCK],
    strings: [
      { shows: 'text blocks `"""…"""`', first: '"', open: /"""/y, body: { close: '"""', escape: '\\' } },
      DOUBLE_QUOTED,
      CHAR_LITERAL,
    ],
  },
  declarations: {
    line: declarationLine(['class', 'interface', 'enum', 'record'], [...JAVA_MODIFIERS, AT_MODIFIER]),
    annotation: AT_ANNOTATION,
  },
  supported: true,
};
