/** What a language scanner returns for one file, before resolution. */
import type { RawCitation } from './refs.ts';

export interface ScannedCitation extends RawCitation {
  line: number;
  column: number;
  /** Enclosing declaration chain, e.g. `class Server > method handle`. */
  symbol?: string;
  /** Title of the enclosing (or following) it()/test() call. */
  testName?: string;
  /** True when the citation stands in a test block, whatever the file's globs say. */
  inTest?: boolean;
  /**
   * The enclosing test or suite never runs, as the source says: `skip`
   * (`it.skip`, `xit`, `describe.skip`, `@pytest.mark.skip`, Rust `#[ignore]`)
   * or `todo` (`it.todo`); or the source cannot tell whether it runs
   * (`unknown`: `skipIf(flag)`, a member factline does not resolve). See test-runs.ts.
   */
  notRun?: NotRun;
  /** For a `scope` marker: the module's untagged items that inherit it. */
  covers?: string[];
}

/**
 * Why a test never runs (`skip`, `todo`) or may not (`unknown`), with the
 * form in the source after `: ` (`skip: it.skip.each`, `unknown: skipIf(flag) decides at run time`).
 */
export type NotRun = 'skip' | 'todo' | `${'skip' | 'todo' | 'unknown'}: ${string}`;

/** A NotRun's spelling: the one test a cache row, a worker's transfer and a shape check each ask. */
export const NOT_RUN_FORM = /^(?:(?:skip|todo)$|(?:skip|todo|unknown): )/;

/** Whether a value read back from outside the scanner (a cache file, a worker) is a NotRun. */
export const isNotRun = (v: unknown): v is NotRun => typeof v === 'string' && NOT_RUN_FORM.test(v);

/** What stands for a `${…}` substitution in a test title read from a template literal. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the hole is written as literal text on purpose
export const TEMPLATE_HOLE = '${…}';

/**
 * Maps offsets to 1-based line/column; built only for files that cite. A
 * line ends at LF, CRLF or a lone CR (as editors and LSP count); with
 * `unicodeBreaks` also at U+2028 and U+2029, as TypeScript counts a TS/JS
 * file's lines. Columns count UTF-16 units from the line's start.
 */
// @implements scanner#LINES-AS-TYPESCRIPT-COUNTS
export function lineIndex(
  text: string,
  unicodeBreaks = false,
  plain = !hasOtherLineBreak(text, unicodeBreaks),
): (offset: number) => { line: number; column: number } {
  const starts = [0];
  if (plain) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  } else {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (c === 10 || (unicodeBreaks && (c === 0x2028 || c === 0x2029))) starts.push(i + 1);
    }
  }
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/**
 * lineIndex, counted only as far as the offsets asked for: a file that
 * cites nothing never counts its lines, and one whose citations are asked
 * for in order (a scan's are) counts its line breaks once, up to the last,
 * keeping no table. An offset before one already asked for builds the table.
 */
// @implements scanner#LINES-COUNTED-ONCE
export function lazyLineIndex(
  text: string,
  unicodeBreaks: boolean,
  plain: boolean,
): (offset: number) => { line: number; column: number } {
  let index: ((offset: number) => { line: number; column: number }) | undefined;
  // With `\n` the only line break: the line and its start at the last offset asked for.
  let line = 1;
  let lineStart = 0;
  let last = 0;
  return (offset) => {
    if (index === undefined && plain && offset >= last) {
      // (Counted in locals: the closure's own variables are written once.)
      let n = line;
      let start = lineStart;
      for (let nl = text.indexOf('\n', start); nl !== -1 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
        n++;
        start = nl + 1;
      }
      line = n;
      lineStart = start;
      last = offset;
      return { line: n, column: offset - start + 1 };
    }
    index ??= lineIndex(text, unicodeBreaks, plain);
    return index(offset);
  };
}

/**
 * Whether a line ends other than at `\n` somewhere in `text`: at a CR, or
 * with `unicodeBreaks` at U+2028 or U+2029. Three native searches (one-byte
 * text holds neither separator, which its search knows at once) cost less
 * than one pass of a character class.
 */
export function hasOtherLineBreak(text: string, unicodeBreaks: boolean): boolean {
  if (text.indexOf('\r') !== -1) return true;
  return unicodeBreaks && (text.indexOf('\u2028') !== -1 || text.indexOf('\u2029') !== -1);
}

/**
 * A raw citation with its line and column, built field by field (not by
 * spreading) so every citation of a run shares a few object shapes.
 */
export function placed(
  raw: RawCitation,
  at: (offset: number) => { line: number; column: number },
): ScannedCitation {
  const where = at(raw.offset);
  const cite: ScannedCitation = {
    verb: raw.verb,
    ref: raw.ref,
    id: raw.id,
    offset: raw.offset,
    line: where.line,
    column: where.column,
  };
  if (raw.doc !== undefined) cite.doc = raw.doc;
  if (raw.pin !== undefined) cite.pin = raw.pin;
  if (raw.uri !== undefined) cite.uri = raw.uri;
  if (raw.reason !== undefined) cite.reason = raw.reason;
  if (raw.malformed !== undefined) cite.malformed = raw.malformed;
  return cite;
}
