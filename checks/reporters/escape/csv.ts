/**
 * A CSV cell (`matrix --format csv`) that a spreadsheet opens as text: a
 * cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is read
 * as a formula (`=HYPERLINK(…)`), so it is prefixed with `'` as OWASP's CSV
 * injection guidance says; then RFC 4180 quoting. Pure.
 */

// @implements cli#WRITER-ESCAPES-PER-CONTEXT
export function csvCell(text: string): string {
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}
