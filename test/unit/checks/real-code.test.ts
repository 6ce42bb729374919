/**
 * The classes a differential test against TypeScript's scanner found on real
 * code (specs/scanner.md), one case or a few each, read as a user would:
 * which citations a file holds and on which line.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanFile } from '../../../checks/scan/index.ts';
import { runInProcess } from '../../support/cli.ts';

const ids = (file: string, text: string) => scanFile(file, text).map((c) => c.id);
const lines = (file: string, text: string) =>
  scanFile(file, text).map((c) => `${c.id}:${c.line}:${c.column}`);

describe('TS/JS read as TypeScript reads it', () => {
  // @verifies scanner#JSX-BY-EXTENSION
  it('reads JSX in every file TypeScript reads as JSX, .js/.mjs/.cjs included', () => {
    for (const file of ['a.js', 'a.mjs', 'a.cjs', 'a.jsx', 'a.tsx']) {
      expect(ids(file, 'const a = <div><span>a</span> {/* @implements doc#A */}</div>;\n'), file).toEqual([
        'A',
      ]);
      expect(ids(file, "const p = <p>Don't panic</p>; // @implements doc#B\n"), file).toEqual(['B']);
      expect(ids(file, 'const q = <p>\n// @implements doc#NOT\n</p>;\n'), file).toEqual([]);
      expect(ids(file, 'const r = <p>a ` b</p>; // @implements doc#C\n'), file).toEqual(['C']);
      expect(ids(file, 'const n = a < b ? c : d; // @implements doc#D\n'), file).toEqual(['D']);
    }
    // In TypeScript proper `<T>x` is a type assertion, not JSX.
    expect(ids('a.ts', "const s = <string>x; const t = 'it\\'s'; // @implements doc#E\n")).toEqual(['E']);
  });

  // @verifies scanner#STRINGS-END-AT-CR-LF
  it('ends a string at CR or LF only, not at U+2028 or U+2029', () => {
    expect(ids('a.ts', 'const s = "a\u2028 // @implements doc#NOT";\n')).toEqual([]);
    expect(ids('a.js', "const s = 'a\u2029 /* @implements doc#NOT */';\n")).toEqual([]);
    expect(ids('a.ts', 'const s = "a\u2028b"; // @implements doc#A\n')).toEqual(['A']);
    expect(ids('a.ts', 'const s = "open\n// @implements doc#B\n')).toEqual(['B']);
  });

  // @verifies scanner#NON-NULL-BEFORE-A-SLASH
  it('divides after a non-null `!`, and reads a regular expression after a prefix `!`', () => {
    expect(ids('a.ts', 'const h = width! / 2; // @implements doc#A\n')).toEqual(['A']);
    expect(ids('a.ts', 'const h = f(x)! / g[0]!! / 2; // @implements doc#B\n')).toEqual(['B']);
    expect(ids('a.ts', 'a\n!/[/] @implements doc#NOT/.test(s);\n')).toEqual([]);
    expect(ids('a.ts', 'if (!/[/] @implements doc#NOT/.test(s)) {}\n')).toEqual([]);
  });

  // @verifies scanner#KEYWORDS-BEFORE-A-SLASH
  it('reads `of`, `yield` and `await` as identifiers where they are, and a regular expression after `export default`', () => {
    expect(ids('a.js', 'var of = 4, x = of / 2; // @implements doc#A\n')).toEqual(['A']);
    expect(ids('a.js', 'var yield = 4, y = yield / 2; // @implements doc#B\n')).toEqual(['B']);
    expect(ids('a.js', 'var await = 4, z = await / 2; // @implements doc#C\n')).toEqual(['C']);
    expect(ids('a.ts', 'for (const x of /[/] @implements doc#NOT/.exec(s)) {}\n')).toEqual([]);
    expect(ids('a.ts', 'function* g() { yield /[/] @implements doc#NOT/; }\n')).toEqual([]);
    expect(ids('a.ts', 'async function f() { await /[/] @implements doc#NOT/; }\n')).toEqual([]);
    expect(ids('a.ts', "export default /'/; // @implements doc#D\n")).toEqual(['D']);
  });

  // @verifies scanner#LINES-AS-TYPESCRIPT-COUNTS
  it('counts lines at LF, CRLF, CR, U+2028 and U+2029 in TS/JS; at LF, CRLF and CR elsewhere', () => {
    expect(lines('a.ts', 'const a = 1;\r// @implements doc#A\n')).toEqual(['A:2:4']);
    expect(lines('a.ts', 'const a = 1;\r\n\r\n  // @implements doc#A\n')).toEqual(['A:3:6']);
    expect(lines('a.ts', 'const a = 1;\u2028// @implements doc#A\u2029// @implements doc#B\n')).toEqual([
      'A:2:4',
      'B:3:4',
    ]);
    expect(lines('a.py', 'a = 1\r# @implements doc#A\n')).toEqual(['A:2:3']);
    expect(lines('a.py', 's = "\u2028"\n# @implements doc#A\n')).toEqual(['A:2:3']);
  });

  // @verifies scanner#INVALID-ESCAPE-ENDS-IDENTIFIER
  it('ends an identifier at an invalid `\\u` escape, and reads the comment after it', () => {
    expect(ids('a.ts', 'let x = a\\u/* @implements doc#A */;\n')).toEqual(['A']);
    expect(ids('a.ts', 'let x = a\\u{zz}/* @implements doc#B */;\n')).toEqual(['B']);
    expect(ids('a.ts', 'let x = a\\u0020/* @implements doc#C */;\n')).toEqual(['C']);
    expect(ids('a.ts', 'let x = \\u/* @implements doc#D */;\n')).toEqual(['D']);
    expect(ids('a.ts', 'let x = \\u0061\\u{62}/* @implements doc#E */;\n')).toEqual(['E']);
  });

  // @verifies scanner#PARSER-FAILURE-FALLS-BACK
  it('falls back to the token walk, with a warning naming the file, when TypeScript’s parser overflows', () => {
    const warnings: string[] = [];
    const warn = (file: string, message: string) => warnings.push(`${file}: ${message}`);
    const deep = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
    const text = `const o = {} / 2;\nconst a = ${deep};\n// @implements doc#A\n`;
    expect(scanFile('src/deep.ts', text, { warn }).map((c) => c.id)).toEqual(['A']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^src\/deep\.ts: TypeScript's parser failed \(RangeError/);
  });

  // @verifies scanner#PARSER-FAILURE-FALLS-BACK
  it('`check` on such a file warns naming it and exits with the gate’s verdict', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'factline-real-code-'));
    try {
      mkdirSync(join(dir, 'specs'));
      mkdirSync(join(dir, 'src'));
      writeFileSync(
        join(dir, 'specs', 'doc.md'),
        '# Doc\n\n@fact:A A. @status:impl/done @requires:implementation\n',
      );
      const deep = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
      writeFileSync(
        join(dir, 'src', 'deep.ts'),
        `const o = {} / 2;\nconst a = ${deep};\n// @implements doc#A\n`,
      );
      writeFileSync(join(dir, 'factline.config.json'), '{"sources": ["src/**/*"], "tests": ["test/**/*"]}');
      const run = await runInProcess(dir, ['check', '--no-cache']);
      expect(run.stderr).toMatch(/warning: src\/deep\.ts: TypeScript's parser failed/);
      expect(run.stderr).not.toMatch(/at .*\(/);
      expect(run.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // @verifies scanner#LINEAR-PATHS
  it('reads many unterminated regular expressions on one line, and a .tsx with many tags, as TypeScript does', () => {
    expect(ids('a.ts', `x = ${'(/a)['.repeat(2_000)};\n// @implements doc#A\n`)).toEqual(['A']);
    const tags = Array.from({ length: 2_000 }, (_, i) => `<p>{/* @implements doc#T${i} */}'</p>`).join(',\n');
    const found = ids('a.tsx', `const all = [\n${tags}\n]; // @implements doc#END\n`);
    expect(found).toHaveLength(2_001);
    expect(found.at(-1)).toBe('END');
  });
});

describe('other languages read by their own string and comment rules', () => {
  // @verifies scanner#OTHER-LANGUAGE-STRINGS
  it('skips Ruby percent literals, Zig multiline strings, Python raw triple strings, Bash $-strings, TOML strings and emitted JavaScript strings', () => {
    for (const literal of [
      '%q(a (# @implements doc#NOT) b)',
      '%Q{# @implements doc#NOT}',
      '%w[a # @implements doc#NOT]',
      '%r{# @implements doc#NOT}x',
      '%(# @implements doc#NOT)',
    ]) {
      expect(ids('a.rb', `x = ${literal} # @implements doc#A\n`), literal).toEqual(['A']);
    }
    expect(ids('a.rb', 'y = a % b # @implements doc#A\nz = a%w # @implements doc#B\n')).toEqual(['A', 'B']);
    expect(
      ids('a.zig', 'const s =\n    \\\\ // @implements doc#NOT\n    \\\\ "\n; // @implements doc#A\n'),
    ).toEqual(['A']);
    expect(ids('a.py', 'x = r"""\\""" # @implements doc#NOT"""  # @implements doc#A\n')).toEqual(['A']);
    expect(ids('a.py', "x = '''\\''' # @implements doc#NOT'''  # @implements doc#A\n")).toEqual(['A']);
    expect(ids('a.sh', "x=$'a\\' # @implements doc#NOT'  # @implements doc#A\n")).toEqual(['A']);
    expect(ids('a.sh', "x='a\\' # @implements doc#B\n")).toEqual(['B']);
    expect(ids('a.toml', 'x = """\\""" # @implements doc#NOT"""  # @implements doc#A\n')).toEqual(['A']);
    expect(ids('a.toml', "x = 'a\\' # @implements doc#B\ny = '''c\\''' # @implements doc#C\n")).toEqual([
      'B',
      'C',
    ]);
    expect(
      ids(
        'greet.ts.hbs',
        "{{!-- @implements doc#A --}}\nconst s = '// @implements doc#NOT';\nconst t = `/* @implements doc#NOT */`;\n// @implements doc#B\n",
      ),
    ).toEqual(['A', 'B']);
  });

  // @verifies scanner#RUST-NESTED-COMMENTS
  it('nests Rust block comments', () => {
    expect(ids('src/lib.rs', '/* outer /* inner */ "quote */\n// @implements doc#A\nfn f() {}\n')).toEqual([
      'A',
    ]);
    expect(ids('a.go', '/* outer /* inner */ // @implements doc#B\n')).toEqual(['B']);
  });

  // @verifies scanner#PERL-POD
  it('reads Perl POD as a comment, and code after `=cut` as code', () => {
    expect(
      ids(
        'a.pl',
        'my $x = 1;\n\n=pod\n\n@implements doc#A\n\n=cut\n\nmy $s = "@implements doc#NOT";\n# @implements doc#B\n',
      ),
    ).toEqual(['A', 'B']);
    expect(ids('Lib.pm', '=head1 NAME\n\n@implements doc#A\n')).toEqual(['A']);
  });

  // @verifies scanner#RUST-CFG-TEST-ONLY
  it('takes only code built solely for tests as Rust test code', () => {
    const inTest = (attribute: string) =>
      scanFile('src/lib.rs', `${attribute}\nmod m {\n    // @implements doc#A\n    fn f() {}\n}\n`)[0]
        ?.inTest === true;
    expect(inTest('#[cfg(test)]')).toBe(true);
    expect(inTest('#[cfg(all(test, feature = "x"))]')).toBe(true);
    expect(inTest('#[cfg(any(test, feature = "x"))]')).toBe(false);
    expect(inTest('#[cfg(not(test))]')).toBe(false);
    expect(inTest('#[cfg(feature = "test")]')).toBe(false);
    expect(inTest('#[cfg(all(unix, any(test, doc)))]')).toBe(false);
  });
});
