/**
 * Where each value of a JSON text starts, by JSON Pointer, so a bad vector
 * can be reported at its file:line:col. The text must already have parsed
 * (JSON.parse succeeded): this walker only skips, it does not validate. Pure.
 */
import { escapeToken } from './pointer.ts';

export interface Place {
  line: number;
  column: number;
}

export type Places = Map<string, number>;

/** Offsets of every value, keyed by its JSON Pointer (`""` is the root). */
export function valueOffsets(text: string): Places {
  const places: Places = new Map();
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && ' \t\r\n\uFEFF'.includes(text[i]!)) i++;
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (pointer: string): void => {
    skipSpace();
    places.set(pointer, i);
    const c = text[i];
    if (c === '{') {
      i++;
      skipSpace();
      while (text[i] !== '}') {
        const key = readString();
        skipSpace();
        i++; // ':'
        value(`${pointer}/${escapeToken(key)}`);
        skipSpace();
        if (text[i] === ',') i++;
        skipSpace();
      }
      i++;
    } else if (c === '[') {
      i++;
      skipSpace();
      let n = 0;
      while (text[i] !== ']') {
        value(`${pointer}/${n++}`);
        skipSpace();
        if (text[i] === ',') i++;
        skipSpace();
      }
      i++;
    } else if (c === '"') {
      readString();
    } else {
      while (i < text.length && !',]} \t\r\n'.includes(text[i]!)) i++;
    }
  };
  value('');
  return places;
}

/** 1-based line and column of an offset. */
export function placeOf(text: string, offset: number): Place {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text[k] === '\n') {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
