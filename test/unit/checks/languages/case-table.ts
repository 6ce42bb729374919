/**
 * What a language's case table holds (one file per language under cases/):
 * hand-written cases read as a user would (which citations a file holds,
 * and on which declaration), and the pieces a grammar fuzz composes files
 * from. The pieces are written from the language's documented lexical
 * grammar, not from factline's module, so the fuzz judges the module.
 */
import type { Language } from '../../../../checks/scan/languages/language.ts';

/** `@@` in a piece is where a tag is planted. */
export const TAG = '@@';

export interface CaseTable {
  language: Language;
  /** A file name with the language's extension. */
  file: string;
  /** What a file holds → the ids found, in order (`ID symbol` when a symbol is named). */
  cases: [what: string, text: string, want: string[]][];
  /** Pieces whose `@@` stands in a comment (inside a string's code hole too). */
  comments: string[];
  /** Pieces whose `@@` stands in a string or other text that is not a comment. */
  texts: string[];
  /** Neutral code between pieces (no `@@`). */
  code: string[];
  /** What stands between pieces (default a space or a line break). */
  separators?: string[];
}
