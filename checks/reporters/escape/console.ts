/**
 * Text from inputs (spec text, ids, file names, reasons, config keys) may hold
 * control characters: an ESC sequence would drive the terminal, a CR or a
 * newline could forge a line of the report, a bidi override reorder it. At
 * output every such character is shown as a `\u{…}` escape instead.
 */
const CONTROLS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_AND_BREAKS =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const show = (c: string) => (c === '\t' ? '\t' : `\\u{${c.charCodeAt(0).toString(16)}}`);

/** One field of one line: every control character escaped, tabs kept, newlines too (`lines: true`). */
// @implements cli#CONTROL-CHARACTERS-ESCAPED
export function escapeControls(text: string, options: { lines?: boolean } = {}): string {
  return text.replace(options.lines ? CONTROLS : CONTROLS_AND_BREAKS, show);
}
