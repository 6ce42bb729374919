/**
 * JSON with comments (`//`, `/* … *\/`) and trailing commas, as editors write
 * `tsconfig.json` and `.jsonc` files: stripped to plain JSON of the same
 * length, comments blanked to spaces and newlines kept, so a JSON.parse
 * error still points at the line and column the user sees. Pure.
 */

/** `text` with its comments and trailing commas turned into spaces; strings are left as they are. */
// @implements engine#CONFIG-JSONC
export function stripJsonComments(text: string): string {
  const out = text.split('');
  let i = 0;
  /** The index of the last comma outside strings and comments, while only blanks followed it. */
  let pendingComma = -1;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      pendingComma = -1;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (ch === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      // An unclosed comment is left in place: JSON.parse then names where it starts.
      if (end === -1) break;
      blank(i, end + 2);
      i = end + 2;
      continue;
    }
    if (ch === ',') pendingComma = i;
    else if ((ch === '}' || ch === ']') && pendingComma !== -1) {
      out[pendingComma] = ' ';
      pendingComma = -1;
    } else if (!/\s/.test(ch)) pendingComma = -1;
    i++;
  }
  return out.join('');
}
