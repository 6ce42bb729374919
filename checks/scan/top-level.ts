/**
 * Reading a declaration's argument text at its top level — outside brackets
 * and literals — for the never-run readers of each language (test-runs.ts,
 * test-runs-python.ts). A language says which characters open a literal and
 * where one ends.
 */

/** The index of the character closing the literal that opens at `open` (or the text's end). */
export type LiteralEnd = (text: string, open: number) => number;

/** The indexes of the characters at bracket depth 0, outside every literal. */
export function* topLevelIndexes(text: string, quotes: string, literalEnd: LiteralEnd): Generator<number> {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quotes.includes(c)) i = literalEnd(text, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0) yield i;
  }
}

/** The text split at its top-level commas. */
export function splitTopLevel(text: string, quotes: string, literalEnd: LiteralEnd): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const i of topLevelIndexes(text, quotes, literalEnd)) {
    if (text[i] !== ',') continue;
    parts.push(text.slice(from, i));
    from = i + 1;
  }
  parts.push(text.slice(from));
  return parts;
}
