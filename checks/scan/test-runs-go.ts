/**
 * Whether a Go test runs, decided from the source as `go test` decides it,
 * or not decided (see test-runs.ts for the three answers). `go test` runs
 * the functions `TestXxx(t *testing.T)` (Xxx not starting with a lower-case
 * letter) and `FuzzXxx(f *testing.F)` (their seed corpus), and examples that
 * carry an `// Output:` comment; benchmarks only with `-bench`. A test whose
 * body starts with `t.Skip()`, `t.SkipNow()` or `t.Skipf(…)` (after
 * `t.Parallel()` or `t.Helper()` at most) never runs the rest; one that
 * calls them later may or may not. A file with a build constraint is
 * compiled only under tags the source cannot know, and a file's `TestMain`
 * that never calls `m.Run()` runs none of its tests. Pure.
 */
import type { NotRun } from './types.ts';

/** The verdict for the `func` declared on the line starting at `at`. */
export type GoRuns = (at: number) => { test: boolean; notRun?: NotRun };

/**
 * The text with comments and the contents of strings and runes blanked to
 * spaces (newlines kept), so that braces and calls are read as code only.
 */
function codeOnly(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    let end = -1;
    if (c === '/' && next === '/') {
      end = text.indexOf('\n', i);
      if (end === -1) end = text.length;
    } else if (c === '/' && next === '*') {
      end = text.indexOf('*/', i + 2);
      end = end === -1 ? text.length : end + 2;
    } else if (c === '`') {
      end = text.indexOf('`', i + 1);
      end = end === -1 ? text.length : end + 1;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      end = Math.min(j + 1, text.length);
    }
    if (end === -1) {
      out += c;
      i++;
      continue;
    }
    const piece = text.slice(i, end);
    // Strings keep their quotes (a string is still an operand); comments become blanks.
    const blank = piece.replace(/[^\n]/g, ' ');
    out += c === '/' ? blank : `${c}${blank.slice(1, -1)}${piece.length > 1 ? piece.at(-1) : ''}`;
    i = end;
  }
  return out;
}

/** The offset just after the `}` closing the `{` at `open` in code-only text, or the text's end. */
function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0) return i + 1;
  }
  return code.length;
}

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The local name of the `testing` package (`testing`, an alias, or '' for a dot import), as its imports say. */
function testingName(text: string, firstFunc: number): string {
  const m = /(?:^|[\s(])(?:import[ \t]+)?(\.|[A-Za-z_]\w*)?[ \t]*"testing"/m.exec(text.slice(0, firstFunc));
  const name = m?.[1];
  return name === '.' ? '' : name === undefined || name === 'import' || name === '_' ? 'testing' : name;
}

/** A `func` declaration as read at `at` in code-only text. */
interface Header {
  length: number;
  receiver: boolean;
  name: string;
  generic: boolean;
  /** The parameter list's text. */
  params: string;
}

const HEADER = /^func\s*(\([^)]*\)\s*)?([A-Za-z_]\w*)\s*(\[[^\]]*\])?\s*\(([^)]*)\)/;

function headerAt(code: string, at: number): Header | undefined {
  const m = HEADER.exec(code.slice(at, at + 4096));
  if (!m) return undefined;
  return {
    length: m[0].length,
    receiver: m[1] !== undefined,
    name: m[2]!,
    generic: m[3] !== undefined,
    params: m[4]!.trim(),
  };
}

type Kind = 'Test' | 'Benchmark' | 'Fuzz' | 'Example';

/** Which kind of go test function a name declares (Xxx not starting with a lower-case letter), if any. */
function kindOf(name: string): Kind | undefined {
  const kind = /^(Test|Benchmark|Fuzz|Example)/.exec(name)?.[1] as Kind | undefined;
  if (kind === undefined || /^[a-z]/.test(name.slice(kind.length)) || name === 'TestMain') return undefined;
  return kind;
}

/** The one parameter `name *pkg.T` (name may be absent), or undefined for any other list. */
function soleParam(params: string): { name?: string; type: string } | undefined {
  const m = /^(?:([A-Za-z_]\w*)\s+)?(\*\s*[\w.]+)$/.exec(params);
  if (!m) return undefined;
  return { ...(m[1] !== undefined ? { name: m[1] } : {}), type: m[2]!.replace(/\s+/g, '') };
}

// @implements scanner#GO-STATIC-SKIP
export function goTestRuns(text: string): GoRuns {
  const code = codeOnly(text);
  const firstFunc = /^func\b/m.exec(code)?.index ?? code.length;
  const pkg = testingName(text, firstFunc);
  const wanted = (kind: Kind) =>
    kind === 'Example'
      ? ''
      : `*${pkg === '' ? '' : `${pkg}.`}${{ Test: 'T', Fuzz: 'F', Benchmark: 'B' }[kind]}`;
  const signatureOk = (kind: Kind, h: Header) => {
    if (kind === 'Example') return h.params === '';
    const param = soleParam(h.params);
    return param !== undefined && param.type === wanted(kind);
  };
  // A build constraint before the package clause: compiled only under tags the source cannot know.
  const clause = /\bpackage\s/.exec(code)?.index ?? 0;
  const constrained = /^\/\/go:build\s|^\/\/ \+build\s/m.test(text.slice(0, clause));
  // A test function go test cannot call (a wrong signature, type parameters) fails the whole package.
  let broken = false;
  let mainRunsNothing = false;
  for (const m of code.matchAll(/^func\b/gm)) {
    const h = headerAt(code, m.index!);
    if (h === undefined || h.receiver) continue;
    if (h.name === 'TestMain') {
      const param = soleParam(h.params)?.name;
      const open = code.indexOf('{', m.index! + h.length);
      const body = open === -1 ? '' : code.slice(open, closing(code, open));
      mainRunsNothing = param === undefined || !new RegExp(`\\b${literally(param)}\\.Run\\s*\\(`).test(body);
      continue;
    }
    const kind = kindOf(h.name);
    if (kind !== undefined && (h.generic || !signatureOk(kind, h))) broken = true;
  }
  const file: NotRun | undefined = constrained
    ? 'unknown: a build constraint (//go:build) decides whether the file is compiled'
    : broken
      ? 'unknown: a test function with a signature go test cannot call fails the whole package'
      : mainRunsNothing
        ? 'skip: TestMain never calls m.Run(), so no test of the file runs'
        : undefined;
  return (at) => {
    const h = headerAt(code, at);
    if (h === undefined) return { test: false };
    const prefix = /^(Test|Benchmark|Fuzz|Example)/.exec(h.name)?.[1];
    if (prefix === undefined || h.name === 'TestMain') return { test: false };
    const kind = kindOf(h.name);
    // `Testing`, `Benchmarked`: a function go test never calls, whatever it holds.
    if (kind === undefined)
      return {
        test: true,
        notRun: `skip: go test runs ${prefix}Xxx only when Xxx does not start with a lower-case letter`,
      };
    if (h.receiver) return { test: true, notRun: 'unknown: a method runs only through a suite runner' };
    if (file) return { test: true, notRun: file };
    if (kind === 'Benchmark')
      return { test: true, notRun: 'unknown: a benchmark runs only with go test -bench' };
    const open = code.indexOf('{', at + h.length);
    const end = open === -1 ? open : closing(code, open);
    if (kind === 'Example') {
      return /\/\/\s*(?:unordered output|output):/i.test(open === -1 ? '' : text.slice(open, end))
        ? { test: true }
        : { test: true, notRun: 'skip: an example without an // Output: comment is compiled, never run' };
    }
    const name = soleParam(h.params)?.name;
    if (name === undefined || name === '_') return { test: true };
    const body = open === -1 ? '' : code.slice(open + 1, end - 1);
    const t = literally(name);
    if (
      new RegExp(`^[\\s;]*(?:${t}\\.(?:Parallel|Helper)\\(\\s*\\)[\\s;]*)*${t}\\.Skip(?:Now|f)?\\s*\\(`).test(
        body,
      )
    )
      return { test: true, notRun: `skip: the test calls ${name}.Skip() first, so it never runs` };
    if (new RegExp(`\\b${t}\\.Skip(?:Now|f)?\\s*\\(`).test(body))
      return { test: true, notRun: `unknown: the test calls ${name}.Skip() at run time` };
    return { test: true };
  };
}
