/** The citation scanners on in-memory sources: comments only, symbols and test titles, other languages. */
import { describe, expect, it } from 'vitest';
import { parseCitations, scanFile } from '../../../checks/scan/index.ts';

const ids = (file: string, text: string) => scanFile(file, text).map((c) => c.id);

describe('TypeScript scanner', () => {
  // @verifies scanner#GATE-SCAN-COMMENTS-ONLY
  it('never reads tags inside strings, template literals or regular expressions', () => {
    const text = [
      "const a = '// @implements S1';",
      'const b = "/* @implements S2 */";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: this string is TypeScript source holding a template literal
      'const c = `line ${a} // @implements S3 ${`nested // @implements S4`} /* @implements S5 */`;',
      'const d = /\\/\\/ @implements S6/g;',
      'const e = a.length / 2; // @implements REAL-ONE',
      '/* @implements REAL-TWO */ const f = 1;',
      "const g = x / y / z; const h = '// @verifies S7';",
    ].join('\n');
    expect(ids('a.ts', text)).toEqual(['REAL-ONE', 'REAL-TWO']);
  });

  // @verifies scanner#GATE-SCAN-COMMENTS-ONLY
  it('reads JSDoc blocks and several tags in one comment, with line and column of each tag', () => {
    const text =
      '/**\n * Does it.\n * @implements demo#A\n * @verifies demo#B\n */\nexport function f() {}\n';
    const found = scanFile('x.ts', text);
    expect(found.map((c) => [c.verb, c.id, c.line, c.column])).toEqual([
      ['implements', 'A', 3, 4],
      ['verifies', 'B', 4, 4],
    ]);
  });

  // @verifies scanner#GATE-BINDS-ENCLOSING-SYMBOL
  it('binds citations to the declaration below or around them', () => {
    const text = `// @implements D#TOP
export async function topLevel(a: { x: number }): Promise<number> {
  return a.x; // @implements D#TRAILING
}
export class Server {
  private count = 0;
  // @implements D#METHOD
  handle(line: string): void {
    /* @implements D#INSIDE */
    this.count++;
  }
  onClose = () => {
    // @implements D#PROP
  };
}
export const helper = wrap(() => {
  // @implements D#CONST
});
interface Port {
  // @implements D#IFACE
  send(x: string): void;
}
`;
    const got = scanFile('s.ts', text).map((c) => `${c.id}: ${c.symbol ?? '-'}`);
    expect(got).toEqual([
      'TOP: function topLevel',
      'TRAILING: function topLevel',
      'METHOD: class Server > method handle',
      'INSIDE: class Server > method handle',
      'PROP: class Server > property onClose',
      'CONST: const helper',
      'IFACE: interface Port',
    ]);
  });

  // @verifies scanner#GATE-BINDS-ENCLOSING-SYMBOL
  it('binds test citations to their it()/test() title, including one just above the call', () => {
    const text = `describe('framing', () => {
  // @verifies D#ABOVE
  it('splits on newline', () => {
    expect(1).toBe(1);
  });
  test.skip("keeps partial lines", async () => {
    // @verifies D#INSIDE
  });
  it(\`handles \${'x'}\`, () => {});
});
// @verifies D#OUTSIDE
const later = 1;
`;
    const got = scanFile('t.test.ts', text).map((c) => `${c.id}: ${c.testName ?? '-'} | ${c.symbol ?? '-'}`);
    expect(got).toEqual([
      'ABOVE: splits on newline | describe "framing" > it "splits on newline"',
      'INSIDE: keeps partial lines | describe "framing" > test "keeps partial lines"',
      'OUTSIDE: - | const later',
    ]);
  });
});

describe('test calls with type arguments', () => {
  // @verifies scanner#TYPE-ARGUMENTS-BEFORE-A-TEST-CALL
  it('names it.each<T>, describe.each<T> and it<T> calls in TypeScript as it names them without', () => {
    const text = `describe.each<{ name: string }>([{ name: 'a' }])('suite $name', () => {
  // @verifies D#NESTED
  it.each<Array<Map<string, [number, () => void]>>>([[new Map()]])('row %#', () => {});
  it<{ ctx: 1 }>('plain with a context type', () => {
    // @verifies D#PLAIN
  });
});
it.each<[string, number]>([
  ['a', 1],
])('case %s', (name, n) => {
  // @verifies D#CURRIED
});
const less = a.each < b > (c);
// @verifies D#AFTER
const after = 1;
`;
    const got = scanFile('t.test.ts', text).map((c) => `${c.id}: ${c.testName ?? '-'} | ${c.symbol ?? '-'}`);
    expect(got).toEqual([
      'NESTED: row %# | describe.each "suite $name" > it.each "row %#"',
      'PLAIN: plain with a context type | describe.each "suite $name" > it "plain with a context type"',
      'CURRIED: case %s | it.each "case %s"',
      'AFTER: - | const after',
    ]);
  });

  // @verifies scanner#TYPE-ARGUMENTS-BEFORE-A-TEST-CALL
  it('reads `<` as less-than in JavaScript, and where no `(` follows the `>`', () => {
    const js = `const r = it.each < rows > (1);\n// @verifies D#JS\nconst after = 1;\n`;
    expect(
      scanFile('t.test.js', js).map((c) => `${c.id}: ${c.testName ?? '-'} | ${c.symbol ?? '-'}`),
    ).toEqual(['JS: - | const after']);
    const ts = `const r = it < limit;\nconst s = it.each < a && b > c;\n// @verifies D#TS\nconst after = 1;\n`;
    expect(
      scanFile('t.test.ts', ts).map((c) => `${c.id}: ${c.testName ?? '-'} | ${c.symbol ?? '-'}`),
    ).toEqual(['TS: - | const after']);
  });
});

describe('other languages', () => {
  // @verifies scanner#GATE-SCAN-OTHER-LANGUAGES
  it('Rust and Go: // and /* */ comments, strings and raw strings skipped, lifetimes not strings', () => {
    const rust = `fn a<'a>(x: &'a str) -> &'a str { x } // @implements D#R1
let s = "// @implements D#NO1";
let r = r#"/* @implements D#NO2 */"#;
/* @implements D#R2 */
pub fn run() {}
`;
    const rs = scanFile('lib.rs', rust);
    expect(rs.map((c) => c.id)).toEqual(['R1', 'R2']);
    expect(rs[1]!.symbol).toBe('crate::run');
    const go = 'var s = `// @implements D#NO`\n// @implements D#G1\nfunc Serve() {}\n';
    expect(scanFile('main.go', go).map((c) => `${c.id} ${c.symbol}`)).toEqual(['G1 function Serve']);
  });

  // @verifies scanner#GATE-SCAN-OTHER-LANGUAGES
  it('Python and shell: # comments, quoted and triple-quoted strings skipped', () => {
    const py =
      's = "# @implements D#NO1"\nt = """\n# @implements D#NO2\n"""\n# @implements D#P1\ndef serve():\n    pass\n';
    expect(scanFile('x.py', py).map((c) => `${c.id} ${c.symbol}`)).toEqual(['P1 function serve']);
    const sh = 'echo "# @implements D#NO" $#\n# @verifies D#SH1\nrun() { :; }\n';
    expect(ids('t.sh', sh)).toEqual(['SH1']);
  });

  // @verifies scanner#GATE-SCAN-OTHER-LANGUAGES
  it('Handlebars: {{!-- --}} comments and the emitted // comments', () => {
    const hbs =
      '{{!-- @implements D#H1 --}}\n// @implements D#H2\nexport const x = "{{value}} // @implements D#NO";\n';
    expect(ids('t.ts.hbs', hbs)).toEqual(['H1', 'H2']);
  });

  it('ignores files of unknown type', () => {
    expect(ids('notes.md', '<!-- @implements D#X -->')).toEqual([]);
  });
});

describe('reference grammar', () => {
  // @verifies trace#GATE-REFERENCE-FORMS
  it('reads DOC#ID, bare ID, digest and revision pins, spec:// URLs and reasons', () => {
    const got = parseCitations(
      '// @implements mcp-core#PING~1A2B3C4D @verifies BARE @implements d#X~r3 @implements spec://factline/specs/mcp-core#Y @deviates d#Z reason="batched"',
      0,
    ).map(({ verb, doc, id, pin, reason }) => ({ verb, doc, id, pin, reason }));
    expect(got).toEqual([
      { verb: 'implements', doc: 'mcp-core', id: 'PING', pin: '1a2b3c4d', reason: undefined },
      { verb: 'verifies', doc: undefined, id: 'BARE', pin: undefined, reason: undefined },
      { verb: 'implements', doc: 'd', id: 'X', pin: 'r3', reason: undefined },
      {
        verb: 'implements',
        doc: 'spec://factline/specs/mcp-core',
        id: 'Y',
        pin: undefined,
        reason: undefined,
      },
      { verb: 'deviates', doc: 'd', id: 'Z', pin: undefined, reason: 'batched' },
    ]);
  });

  it('flags a malformed reference, and ignores prose that quotes the tag in backticks', () => {
    const bad = parseCitations('// @implements ~oops', 0);
    expect(bad).toHaveLength(1);
    expect(bad[0]!.malformed).toContain('not a reference');
    expect(parseCitations('// write `@implements DOC#ID` above the code', 0)).toEqual([]);
    // JSDoc's @implements {Type} tag is left alone.
    expect(parseCitations('/** @implements {Runnable} */', 0)).toEqual([]);
  });
});
