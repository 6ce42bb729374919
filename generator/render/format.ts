/** Stable output formatting, so a re-run is byte-identical and diffs stay small. */

// @implements factline#GEN-STABLE-FORMAT
export function normalise(text: string): string {
  const body = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    // Template conditionals leave gaps: any run of blank lines becomes one.
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .replace(/\n*$/, '');
  return `${body}\n`;
}
