/**
 * The Rust lexer's parallel arrays (checks/scan/rust-tokens.ts) against the
 * object-per-token lexer they replaced (test/support/rust-tokens-reference.ts):
 * token by token, the same kind, start, end and text, and `is`/`kind`/`text`
 * answering as the object's fields did, on every Rust file of the vibevm
 * slice and on generated Rust built from the corners a real tree rarely shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lexRust, type Token } from '../../../checks/scan/rust-tokens.ts';
import { random } from '../../support/never-run-forms.ts';
import { referenceTokenize } from '../../support/rust-tokens-reference.ts';
import { SHARED } from '../../support/shared.ts';

/** The first place the two lexers differ on `text`, or undefined when they agree on every token. */
function firstDifference(text: string): string | undefined {
  const expected = referenceTokenize(text);
  const tokens = lexRust(text);
  if (tokens.length !== expected.length)
    return `${tokens.length} tokens, the reference has ${expected.length}`;
  for (let i = 0; i < expected.length; i++) {
    const want: Token = expected[i]!;
    const got = tokens.token(i)!;
    const same =
      got.kind === want.kind &&
      got.start === want.start &&
      got.end === want.end &&
      got.text === want.text &&
      tokens.kind(i) === want.kind &&
      tokens.text(i) === want.text &&
      tokens.is(i, want.text) &&
      !tokens.is(i, `${want.text}x`);
    if (!same) return `token ${i}: ${JSON.stringify(got)}, the reference has ${JSON.stringify(want)}`;
  }
  if (tokens.kind(expected.length) !== undefined || tokens.text(-1) !== undefined)
    return 'a token past the ends';
  return undefined;
}

function rustFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...rustFiles(path));
    else if (entry.name.endsWith('.rs')) out.push(path);
  }
  return out;
}

/** Pieces of Rust, the corners included: escapes, unterminated literals, raw strings, chars vs lifetimes, surrogates. */
const PIECES = [
  'fn',
  'r',
  'br',
  'cr',
  'b',
  'c',
  'x_1',
  'macro_rules!',
  '"plain"',
  '"esc \\" \\n \\t \\\\ \\0 \\u{1F600} \\x41"',
  '"line \\\n    continued"',
  'b"bytes"',
  'c"cstr"',
  'r"raw"',
  'r#"raw "hash" body"#',
  'br##"a"#b"##',
  'cr#"c"#',
  'r#ident',
  "'a'",
  "'\\n'",
  "'\\''",
  "'\\u{41}'",
  "'\\x7f'",
  "'😀'",
  "b'x'",
  "'static",
  "'a",
  "'",
  "''",
  '😀',
  '/* a /* nested */ b */',
  '/* open',
  '// line\n',
  '::',
  ':',
  '1..2',
  '1.5e3',
  '0x1F_u8',
  '#[cfg(test)]',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  '\\',
  '"unterminated',
  'r#"unterminated',
  "'\\",
];
const SEPARATORS = ['', ' ', '\n', '\r\n', '\t'];

describe('the Rust lexer arrays against the object lexer', () => {
  // @verifies scanner#RUST-TOKENS-AS-ARRAYS
  it('gives the same tokens on every Rust file of the vibevm slice', () => {
    const dir = join(SHARED, 'corpus', 'vibevm-code');
    const files = rustFiles(dir);
    if (files.length === 0) {
      console.warn(`skipping: no Rust files under ${dir}`);
      return;
    }
    const differences = files
      .map((file) => ({ file, difference: firstDifference(readFileSync(file, 'utf8')) }))
      .filter((d) => d.difference !== undefined);
    expect(differences).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });

  // @verifies scanner#RUST-TOKENS-AS-ARRAYS
  it('gives the same tokens on generated Rust full of literal corners', () => {
    const next = random(38);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const differences: { text: string; difference: string }[] = [];
    for (let n = 0; n < 3000; n++) {
      let text = '';
      const count = 1 + Math.floor(next() * 24);
      for (let k = 0; k < count; k++) text += pick(PIECES) + pick(SEPARATORS);
      // Cut some at a random place: a literal or comment left open at the end of the file.
      if (next() < 0.3) text = text.slice(0, Math.floor(next() * text.length));
      const difference = firstDifference(text);
      if (difference !== undefined) differences.push({ text, difference });
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });
});
