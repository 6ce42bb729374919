/** Stable output formatting, so a re-run is byte-identical and diffs stay small. */

/**
 * Trailing blanks dropped, runs of blank lines made one, no blank lines at
 * either end, one final newline. With `map` (a template line per input
 * line) the template line of each kept line comes back too.
 */
// @implements generator#GEN-STABLE-FORMAT
export function normaliseMapped(text: string, map?: readonly number[]): { text: string; lines: number[] } {
  const kept: string[] = [];
  const lines: number[] = [];
  let blank = false;
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.replace(/[ \t]+$/, '');
      if (line === '') {
        blank = kept.length > 0;
        return;
      }
      if (blank) {
        kept.push('');
        lines.push(map?.[i - 1] ?? 0);
      }
      blank = false;
      kept.push(line);
      lines.push(map?.[i] ?? 0);
    });
  return { text: `${kept.join('\n')}\n`, lines };
}

export function normalise(text: string): string {
  return normaliseMapped(text).text;
}
