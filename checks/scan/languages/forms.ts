/**
 * String forms and comment markers several languages share, so each
 * language module names what it has rather than restating it.
 */
import type { BlockComment, LineComment, StringForm } from './grammar.ts';

export const SLASH_LINE: LineComment = { open: '//' };
export const SLASH_BLOCK: BlockComment = { open: '/*', close: '*/' };
/** Rust, Kotlin, Swift and Scala: `/* /* *\/ *\/` is one comment. */
export const NESTED_SLASH_BLOCK: BlockComment = { open: '/*', close: '*/', nests: true };
export const HASH_LINE: LineComment = { open: '#' };

/** `"…"` with backslash escapes, ending at its line's end when unterminated. */
export const DOUBLE_QUOTED: StringForm = {
  shows: '`"…"`',
  first: '"',
  open: /"/y,
  body: { close: '"', escape: '\\', oneLine: true },
};

/** `'…'` with backslash escapes on one line. */
export const SINGLE_QUOTED: StringForm = {
  shows: "`'…'`",
  first: "'",
  open: /'/y,
  body: { close: "'", escape: '\\', oneLine: true },
};

/**
 * A character literal, `'a'`, `'\n'`, `'\u{1F600}'`: matched whole, so a
 * lone `'` (a Rust lifetime, a Scala symbol, a C++ digit separator) is not
 * read as opening a string.
 */
export const CHAR_LITERAL: StringForm = {
  shows: "`'…'`",
  first: "'",
  open: /'(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)|[^'\\\n\r])'/uy,
};

/** A backtick-quoted identifier (Kotlin, Swift, Scala): its text is a name, not code. */
export const BACKTICK_NAME: StringForm = {
  shows: '`` `name` ``',
  first: '`',
  open: /`/y,
  body: { close: '`', oneLine: true },
};
