/**
 * The skim before the walk (checks/scan/ts-skim.ts): what a user sees is
 * the same citations, with the same names and test titles, whether the walk
 * jumps over the brace regions that hold no tag or reads every token; JSX is
 * read without TypeScript's parser, which is asked only where the tokens
 * cannot tell.
 */
import { describe, expect, it } from 'vitest';
import { scanFile } from '../../../checks/scan/index.ts';
import { parsedLiterals } from '../../../checks/scan/ts-literals.ts';
import { newScanCounts, scanTypeScript } from '../../../checks/scan/typescript.ts';

const found = (file: string, text: string, jumps = true) =>
  scanTypeScript(text, file, { jumps, parser: parsedLiterals }).map((c) =>
    [
      c.id,
      `${c.line}:${c.column}`,
      c.symbol ?? '',
      c.testName ?? '',
      c.inTest ? 'test' : '',
      c.notRun ?? '',
    ].join(' '),
  );

/** Each case's citation ids as `want`s; how many of the files went to TypeScript's parser. */
function parsedWhileFinding(cases: [file: string, text: string, want: string[]][]): number {
  const counts = newScanCounts();
  for (const [file, text, want] of cases)
    expect(
      scanFile(file, text, { counts }).map((c) => c.id),
      text,
    ).toEqual(want);
  return counts.parser;
}

const SOURCE = `import { a } from './a';

export class Server {
  private table = { a: 1, b: { c: [1, 2, 3] } };

  // @implements doc#HANDLE
  handle(request: Request): Response {
    if (request) { return { ok: true } as Response; }
    return helper(() => { const x = { y: 1 }; return x; });
  }

  other() { return /[}]/.test('{'); }
}

const wrap = (f: () => void) => f;
export const configured = wrap(function named() { return { deep: { deeper: {} } }; });

// @implements doc#AFTER
export function after() {
  const inner = { a: { b: 1 } };
  // @implements doc#INSIDE
  return inner;
}
`;

const TEST = `import { describe, it } from 'vitest';

describe('server', () => {
  const fixture = { a: { b: { c: 1 } } };
  it('starts', () => {
    const x = { y: 2 };
    expect(x).toBeTruthy();
  });

  // @verifies doc#HANDLE
  it('handles a request', () => {
    expect({ deep: { er: 1 } }).toBeTruthy();
  });

  it.skip('is skipped', () => {
    // @verifies doc#SKIPPED
    expect(1).toBe(1);
  });

  it.each([{ a: 1 }, { a: 2 }])('case %s', ({ a }) => {
    // @verifies doc#EACH
    expect(a).toBeTruthy();
  });
});
`;

describe('the skim before the walk', () => {
  // @verifies scanner#SKIM-BEFORE-THE-WALK
  // @verifies scanner#WALK-HANDLERS-AND-ONE-SLASH-RULE
  it('finds the same citations, names and test titles with jumps as without', () => {
    for (const [file, text] of [
      ['src/server.ts', SOURCE],
      ['test/server.test.ts', TEST],
      ['src/server.js', SOURCE.replace(/: \w+/g, '')],
    ] as const) {
      const jumped = found(file, text);
      expect(jumped.length, file).toBeGreaterThan(0);
      expect(jumped, file).toEqual(found(file, text, false));
    }
    expect(found('src/server.ts', SOURCE)).toEqual([
      'HANDLE 6:6 class Server > method handle   ',
      'AFTER 18:4 function after   ',
      'INSIDE 21:6 function after   ',
    ]);
    expect(found('test/server.test.ts', TEST)).toEqual([
      'HANDLE 10:6 describe "server" > it "handles a request" handles a request test ',
      'SKIPPED 16:8 describe "server" > it "is skipped" is skipped test skip: it.skip',
      'EACH 21:8 describe "server" > it.each "case %s" case %s test ',
    ]);
  });

  // @verifies scanner#SKIM-BEFORE-THE-WALK
  it('reads a bracket after white space beyond ASCII as a bracket (U+3000, NBSP, U+2028)', () => {
    for (const space of ['\u3000', '\u00a0', '\u2028', '\ufeff']) {
      const text = `function foo() {\n${space}}\nfunction baz() { if (a) {${space}} }\n// @implements doc#A\nfunction bar() {}\n`;
      expect(found('a.ts', text), JSON.stringify(space)).toEqual(found('a.ts', text, false));
      expect(found('a.ts', text)[0], JSON.stringify(space)).toMatch(/^A \d+:4 function bar /);
    }
  });

  // @verifies scanner#SKIM-BEFORE-THE-WALK
  it('keeps the declaration waiting outside a brace whatever the brace holds', () => {
    // A named function inside the call's arguments does not take the place of the class that follows.
    const text =
      'export default class extends mixin({ m: function inner() { return 1; } }) {\n  // @implements doc#A\n  run() {}\n}\n';
    expect(found('a.ts', text)).toEqual(found('a.ts', text, false));
    expect(found('a.ts', text)).toEqual(['A 2:6 class (anonymous) > method run   ']);
  });

  // @verifies scanner#SKIM-BEFORE-THE-WALK
  it('cites nothing where every tag stands in a string, template, regular expression or JSX text', () => {
    const text =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal's text, written as a string on purpose
      "const s = '@implements doc#A';\nconst t = `@verifies doc#B ${x}`;\nconst r = /@implements doc#C/;\nconst j = <p>// @implements doc#D</p>;\n";
    expect(scanFile('a.tsx', text)).toEqual([]);
    expect(scanFile('a.ts', text.replace(/const j.*\n/, ''))).toEqual([]);
  });

  // @verifies scanner#SKIM-BEFORE-THE-WALK
  // @verifies scanner#JSX-BY-EXTENSION
  it('reads JSX without TypeScript’s parser: text, attribute strings, comments in tags, nesting, generic arrows', () => {
    const cases: [string, string, string[]][] = [
      ['a.tsx', 'const a = <a href="//x.org/@implements doc#NOT">b</a>; // @implements doc#A\n', ['A']],
      ['a.tsx', "const a = <a b='it\\'>c</a>; // @implements doc#A\n", ['A']],
      ['a.tsx', 'const a = (\n  <div\n    // @implements doc#A\n    className="x"\n  />\n);\n', ['A']],
      ['a.jsx', 'const a = <A b={<B c={1} />} d={{ e: 1 }}>{/* @implements doc#A */}x{y}</A>;\n', ['A']],
      [
        'a.tsx',
        'const a = <><p>`</p>{list.map((i) => <li key={i}>{i}</li>)}</>; // @implements doc#A\n',
        ['A'],
      ],
      ['a.tsx', 'const f = <T,>(x: T) => x / 2; // @implements doc#A\n', ['A']],
      ['a.tsx', 'const f = <T extends object>(x: T) => x; // @implements doc#A\n', ['A']],
      ['a.tsx', 'const a = <svg:rect x:y="1" data-z="2" />; // @implements doc#A\n', ['A']],
      ['a.js', 'const a = <Foo.Bar>{"}"}</Foo.Bar>; // @implements doc#A\n', ['A']],
    ];
    expect(parsedWhileFinding(cases)).toBe(0);
  });

  // @verifies scanner#SKIM-BEFORE-THE-WALK
  // @verifies scanner#PARSER-ONLY-WHEN-AMBIGUOUS
  it('reads a `/` or `<` after a block’s `}` as what starts there, without TypeScript’s parser', () => {
    const cases: [string, string, string[]][] = [
      ['a.ts', 'if (a) {}\n/[/] @implements doc#NOT/.test(s);\n// @implements doc#A\n', ['A']],
      ['a.ts', 'function g() {}\n/[/] @implements doc#NOT/.test(s); // @implements doc#A\n', ['A']],
      ['a.ts', 'while (a) { b(); }\n/`/.test(s); // @implements doc#A\n', ['A']],
      ['a.tsx', 'function Foo() {}\n\n<Foo>// @implements doc#NOT</Foo>;\n// @implements doc#A\n', ['A']],
      ['a.tsx', 'const a = <Select<Option> value="x" />; // @implements doc#A\n', ['A']],
    ];
    expect(parsedWhileFinding(cases)).toBe(0);
  });

  // @verifies scanner#SKIM-BEFORE-THE-WALK
  // @verifies scanner#PARSER-ONLY-WHEN-AMBIGUOUS
  it('asks TypeScript’s parser where the tokens cannot tell, and reads those files right', () => {
    const cases: [string, string, string[]][] = [
      // A function type's type parameters in a type, or an element <T> whose text starts with `(`?
      ['a.tsx', 'type F = <T>(x: T) => T;\n// @implements doc#A\n', ['A']],
      // An object literal, or a function expression: a `/` after its `}` divides.
      ['a.ts', 'const o = {} / 2; // @implements doc#A\n', ['A']],
      ['a.ts', "const f = function () {} / '/'; // @implements doc#A\n", ['A']],
      // An arrow function's body, or (`x satisfies () => {}`) a function type's object type: a `/` after its `}` starts a regular expression, or divides.
      ['a.ts', 'const f = () => {}\n/[/] @implements doc#NOT/.test(s); // @implements doc#A\n', ['A']],
      ['a.ts', 'const y = x satisfies () => {}\n/ 2; const s = "/[//] @implements doc#NOT/";\n', []],
      // The end of type arguments, or a comparison: after `>` a `/` divides, or starts a regular expression.
      ['a.ts', 'const y = x as T<U>\n/ 2; const s = "/ // @implements doc#NOT";\n', []],
      // A closing tag that does not match its element.
      ['a.tsx', 'const a = <a>// @implements doc#NOT</b>;\n', []],
    ];
    expect(parsedWhileFinding(cases)).toBe(cases.length);
  });

  // @verifies scanner#SKIM-IN-TYPE-POSITIONS
  it('reads type positions, `for` headers and prefix or postfix `++` as TypeScript does (the measured cases)', () => {
    // Each file parses without error; what TypeScript reads as a comment is what is found.
    const cases: [string, string, string[]][] = [
      ['a.ts', 'const y = x satisfies () => {}\n/"/; const s = "// @implements doc#REAL";\n', ['REAL']],
      ['a.ts', 'const y = x as () => {}\n/1; const s = "/ // @implements doc#NOT";\n', []],
      ['a.ts', 'const y = x satisfies () => {}\n/ 2; const s = "/[//] @implements doc#NOT/";\n', []],
      ['a.ts', 'for (let i = 0; {}\n/ 2; i++) { const s = "/ // @implements doc#NOT"; }\n', []],
      ['a.ts', 'let a = 1;\n++/[//]* @implements doc#NOT/;\n', []],
      ['a.ts', 'a\n++/"/; // @implements doc#REAL\n', ['REAL']],
      ['a.ts', 'x++ / 2; // @implements doc#REAL\n', ['REAL']],
      [
        'a.ts',
        'const f = function (): new () => { a: string } { return 1; } / "/"; // @implements doc#REAL\n',
        ['REAL'],
      ],
      ['a.ts', 'const y = x as T<U>\n/ 2; const s = "/ // @implements doc#NOT";\n', []],
    ];
    for (const [file, text, want] of cases)
      expect(
        scanFile(file, text).map((c) => c.id),
        text,
      ).toEqual(want);
  });
});
