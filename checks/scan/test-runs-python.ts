/**
 * Whether a Python test runs, decided from the source as pytest and
 * unittest decide it, or not decided (see test-runs.ts for the three
 * answers). Read per file: the imports (`from pytest import mark`, `from
 * unittest import skip`, `import pytest as pt`), the module's `pytestmark`,
 * each class's decorators and `pytestmark`, the test's own decorators, and
 * `pytest.skip()`/`self.skipTest()` in its body. Called by the Python part of
 * the comment scanner (generic.ts). Pure.
 */
import { splitTopLevel } from './top-level.ts';
import type { NotRun } from './types.ts';

interface Line {
  /** Offset of the line's first character in the text. */
  at: number;
  indent: number;
  /** The logical line's code (continuation lines joined), strings and comments blanked. */
  code: string;
  /** The same with string literals kept (their text decides `skipif("…")` and reasons). */
  raw: string;
}

/** The verdict for the `def` or `class` declared on the line starting at `at`, for a whole file. */
export type PythonRuns = (at: number) => NotRun | undefined;

// @implements scanner#STATIC-SKIP-VERIFIES-NOTHING
export function pythonTestRuns(text: string): PythonRuns {
  if (!/skip|xfail|expectedFailure|pytestmark|parametrize/.test(text)) return () => undefined;
  const lines = logicalLines(text);
  const names = importedNames(lines);
  const module = moduleMarks(lines, names);
  const byOffset = new Map<number, number>();
  for (let i = 0; i < lines.length; i++) byOffset.set(lines[i]!.at, i);
  const runs: PythonRuns = (at) => {
    let index = byOffset.get(at);
    if (index === undefined) {
      // The declaration's physical line may be inside a logical one: the last logical line starting before it.
      index = -1;
      for (let i = 0; i < lines.length && lines[i]!.at <= at; i++) index = i;
      if (index === -1) return undefined;
    }
    const found: NotRun[] = [...module];
    let line = lines[index]!;
    found.push(...decoratorMarks(lines, index, names));
    if (/^\s*(?:async\s+)?def\b/.test(line.code)) found.push(...bodyMarks(lines, index, names));
    // Each enclosing class: its decorators and its pytestmark.
    let indent = line.indent;
    for (let i = index - 1; i >= 0 && indent > 0; i--) {
      const l = lines[i]!;
      if (l.code.trim() === '' || l.indent >= indent) continue;
      indent = l.indent;
      if (!/^\s*class\b/.test(l.code)) continue;
      found.push(...decoratorMarks(lines, i, names));
      found.push(...classMarks(lines, i, names));
      line = l;
    }
    const own = strongest(found);
    if (own !== undefined && !own.startsWith('unknown')) return own;
    // A test class verifies only through its tests: it runs when one of them does.
    if (/^\s*class\b/.test(lines[index]!.code)) return own ?? classTests(lines, index, runs);
    return own;
  };
  return runs;
}

/** A test class (`Test…`, or a `TestCase`) whose test methods none of which surely runs: why; undefined when one does. */
function classTests(lines: readonly Line[], index: number, runs: PythonRuns): NotRun | undefined {
  const header = lines[index]!.code;
  if (!/^\s*class\s+Test|TestCase\b/.test(header)) return undefined;
  const indent = lines[index]!.indent;
  let body = -1;
  const verdicts: (NotRun | undefined)[] = [];
  for (let i = index + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.code.trim() === '') continue;
    if (line.indent <= indent) break;
    if (body === -1) body = line.indent;
    if (line.indent === body && /^\s*(?:async\s+)?def\s+test/.test(line.code)) verdicts.push(runs(line.at));
  }
  if (verdicts.length === 0) return 'unknown: the class holds no test method';
  if (verdicts.some((v) => v === undefined)) return undefined;
  return verdicts.find((v) => v!.startsWith('unknown')) ?? 'skip: no test of the class runs';
}

function strongest(found: readonly NotRun[]): NotRun | undefined {
  return found.find((n) => !n.startsWith('unknown')) ?? found[0];
}

/**
 * The file as logical lines (a bracket left open, or a trailing backslash,
 * continues the line), with comments and string contents blanked in `code`.
 */
function logicalLines(text: string): Line[] {
  const lines: Line[] = [];
  let code = '';
  let raw = '';
  let start = 0;
  let depth = 0;
  let lineStart = true;
  const flush = (end: number) => {
    const indent = /^[ \t]*/.exec(code)![0].length;
    lines.push({ at: start, indent, code, raw });
    code = '';
    raw = '';
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    lineStart = false;
    if (c === '#') {
      const nl = text.indexOf('\n', i);
      i = (nl === -1 ? text.length : nl) - 1;
      continue;
    }
    if (c === '"' || c === "'") {
      const prefix = /[rRbBuUfF]{0,2}$/.exec(code)![0];
      const rawString = /r/i.test(prefix);
      const triple = text.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      let j = i + quote.length;
      while (j < text.length) {
        if (text[j] === '\\' && !rawString) j += 2;
        else if (text.startsWith(quote, j)) break;
        else if (!triple && text[j] === '\n') break;
        else j++;
      }
      const end = Math.min(j + quote.length, text.length);
      const literal = text.slice(i, end);
      raw += literal;
      code +=
        quote +
        literal
          .slice(quote.length, literal.length - quote.length)
          .replace(/[^\n]/g, ' ')
          .replace(/\n/g, ' ') +
        quote;
      i = end - 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
    if (c === '\n') {
      if (depth > 0 || code.endsWith('\\')) {
        code += ' ';
        raw += ' ';
        continue;
      }
      flush(i + 1);
      lineStart = true;
      continue;
    }
    code += c;
    raw += c;
  }
  if (!lineStart || code !== '') flush(text.length);
  return lines;
}

/** Local names → what they stand for: `pytest`, `pytest.mark`, `unittest`, `unittest.skip`, … */
function importedNames(lines: readonly Line[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const line of lines) {
    const code = line.code.trim();
    const plain = /^import\s+(.+)$/.exec(code);
    if (plain) {
      for (const part of plain[1]!.split(',')) {
        const m = /^\s*([\w.]+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
        if (m) names.set(m[2] ?? m[1]!.split('.')[0]!, m[2] ? m[1]! : m[1]!.split('.')[0]!);
      }
      continue;
    }
    const from = /^from\s+([\w.]+)\s+import\s+\(?([^)]*)\)?$/.exec(code);
    if (from) {
      for (const part of from[2]!.split(',')) {
        const m = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
        if (m) names.set(m[2] ?? m[1]!, `${from[1]}.${m[1]}`);
      }
    }
  }
  return names;
}

/** A dotted name with its first part resolved through the imports: `mark.skip` → `pytest.mark.skip`. */
function resolve(dotted: string, names: Map<string, string>): string {
  const [head, ...rest] = dotted.split('.');
  const full = names.get(head!) ?? head!;
  return [full, ...rest].join('.');
}

/** The marks one decorator or mark expression (`pytest.mark.skipif(True, reason="…")`) puts on what it marks. */
function markOf(expression: string, raw: string, names: Map<string, string>): NotRun | undefined {
  const m = /^\s*([A-Za-z_][\w.]*)\s*(\(([\s\S]*)\))?\s*$/.exec(expression);
  if (m === null) return undefined;
  const name = resolve(m[1]!, names);
  const args = m[3] !== undefined ? argumentsOf(raw, m[1]!) : undefined;
  const written = `@${m[1]}${m[2] !== undefined ? '(…)' : ''}`;
  switch (name) {
    case 'pytest.mark.skip':
    case 'unittest.skip':
    case 'unittest.case.skip':
      return `skip: ${written}`;
    case 'pytest.mark.skipif':
    case 'unittest.skipIf':
    case 'unittest.skipUnless': {
      const positional = args?.filter((a) => !/^\s*\w+\s*=/.test(a)) ?? [];
      const condition =
        positional[0]?.trim() ??
        /^\s*condition\s*=\s*(.+)$/.exec(args?.find((a) => /^\s*condition\s*=/.test(a)) ?? '')?.[1];
      if (positional.length > 1 && name === 'pytest.mark.skipif')
        return `unknown: ${written} with several conditions`;
      const value = condition === undefined ? undefined : pythonTruth(condition);
      if (value === undefined) return `unknown: ${written} decides at run time`;
      return (name === 'unittest.skipUnless') !== value ? `skip: ${written}` : undefined;
    }
    case 'pytest.mark.xfail': {
      if (args?.some((a) => /^\s*run\s*=\s*False\s*$/.test(a))) return `skip: ${written} with run=False`;
      return `unknown: ${written} passes when the test fails`;
    }
    case 'unittest.expectedFailure':
      return `unknown: ${written} passes when the test fails`;
    case 'pytest.mark.parametrize': {
      const values = args?.[1]?.trim();
      if (values !== undefined && /^(?:\[\s*\]|\(\s*\)|argvalues\s*=\s*\[\s*\])$/.test(values))
        return `skip: ${written} with an empty parameter set`;
      return undefined;
    }
    default:
      // A mark or decorator factline does not know: one named like a skip cannot be told; others run the test.
      if (!name.startsWith('pytest.mark.') && /skip|xfail|expected_?failure|todo|disabled?\b/i.test(name))
        return `unknown: ${written} is a decorator factline does not resolve`;
      return undefined;
  }
}

/** The top-level comma-separated arguments of the first call of `callee` in `raw` (strings kept). */
function argumentsOf(raw: string, callee: string): string[] | undefined {
  const at = raw.indexOf(`${callee}`);
  const open = raw.indexOf('(', at);
  if (at === -1 || open === -1) return undefined;
  const parts: string[] = [];
  let depth = 0;
  let from = open + 1;
  for (let i = open; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '"' || c === "'") {
      const end = raw.indexOf(c, i + 1);
      i = end === -1 ? raw.length : end;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        parts.push(raw.slice(from, i));
        return parts.filter((p) => p.trim() !== '');
      }
    } else if (c === ',' && depth === 1) {
      parts.push(raw.slice(from, i));
      from = i + 1;
    }
  }
  return undefined;
}

/** Whether a Python literal is truthy: True/False/None, numbers, strings; undefined for anything else (a string condition pytest evaluates included). */
function pythonTruth(value: string): boolean | undefined {
  const v = value.trim();
  if (v === 'True' || v === 'not False' || v === 'not 0') return true;
  if (v === 'False' || v === 'None' || v === 'not True' || v === 'not 1') return false;
  if (/^-?\d+(?:\.\d+)?$/.test(v)) return Number(v) !== 0;
  if (/^(['"])\1$/.test(v)) return false;
  return undefined;
}

/** The decorators right above lines[index], each as a mark. */
function decoratorMarks(lines: readonly Line[], index: number, names: Map<string, string>): NotRun[] {
  const out: NotRun[] = [];
  for (let i = index - 1; i >= 0; i--) {
    const line = lines[i]!;
    const code = line.code.trim();
    if (code === '') continue;
    if (!code.startsWith('@')) break;
    const mark = markOf(code.slice(1), line.raw.trim().slice(1), names);
    if (mark !== undefined) out.push(mark);
  }
  return out;
}

/** The marks of a `pytestmark = …` assignment: one mark or a list of them. */
function pytestmarkMarks(line: Line, names: Map<string, string>): NotRun[] {
  const m = /^\s*pytestmark\s*(?::[^=]*)?=\s*([\s\S]*)$/.exec(line.code);
  if (m === null) return [];
  const rawValue = /=\s*([\s\S]*)$/.exec(line.raw)![1]!.trim();
  const value = m[1]!.trim();
  const list = /^[[(]([\s\S]*)[\])]$/.exec(value);
  const rawList = /^[[(]([\s\S]*)[\])]$/.exec(rawValue);
  const items = list ? splitTop(list[1]!) : [value];
  const rawItems = rawList ? splitTop(rawList[1]!) : [rawValue];
  const out: NotRun[] = [];
  items.forEach((item, i) => {
    if (item.trim() === '') return;
    const mark = markOf(item, rawItems[i] ?? item, names);
    if (mark !== undefined) out.push(mark.replace('@', 'pytestmark = ') as NotRun);
    else if (!/^\s*[A-Za-z_][\w.]*\s*(?:\([\s\S]*\))?\s*$/.test(item))
      out.push(`unknown: pytestmark = ${item.trim().slice(0, 40)} is not a mark factline reads`);
  });
  return out;
}

/** A Python string literal ends at the next quote of its kind (a mark's arguments hold no escapes worth reading). */
function pythonStringEnd(text: string, open: number): number {
  const end = text.indexOf(text[open]!, open + 1);
  return end === -1 ? text.length : end;
}

const splitTop = (text: string): string[] => splitTopLevel(text, `"'`, pythonStringEnd);

/** The module's own marks: `pytestmark = …` and `pytest.skip(…, allow_module_level=True)` outside any def or class. */
function moduleMarks(lines: readonly Line[], names: Map<string, string>): NotRun[] {
  const out: NotRun[] = [];
  let inside = -1;
  for (const line of lines) {
    if (line.code.trim() === '') continue;
    if (inside !== -1 && line.indent > inside) continue;
    inside = -1;
    if (/^\s*(?:async\s+def|def|class)\b/.test(line.code)) {
      inside = line.indent;
      continue;
    }
    if (line.indent === 0) out.push(...pytestmarkMarks(line, names));
    const call = /([A-Za-z_][\w.]*)\s*\(/.exec(line.code);
    if (call && resolve(call[1]!, names) === 'pytest.skip')
      out.push(
        line.indent === 0
          ? 'skip: pytest.skip(…) at module level'
          : 'unknown: pytest.skip(…) under a module-level condition',
      );
  }
  return out;
}

/** A class body's own `pytestmark = …`. */
function classMarks(lines: readonly Line[], index: number, names: Map<string, string>): NotRun[] {
  const out: NotRun[] = [];
  const classIndent = lines[index]!.indent;
  let body = -1;
  for (let i = index + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.code.trim() === '') continue;
    if (line.indent <= classIndent) break;
    if (body === -1) body = line.indent;
    if (line.indent === body) out.push(...pytestmarkMarks(line, names));
  }
  return out;
}

/** A test body that calls `pytest.skip()`, `self.skipTest()` or `pytest.xfail()` cannot be told to run. */
function bodyMarks(lines: readonly Line[], index: number, names: Map<string, string>): NotRun[] {
  const indent = lines[index]!.indent;
  // A one-line def: `def test_a(): pytest.skip()`.
  const own = lines[index]!.code.replace(/^[^:]*\)\s*(?:->[^:]*)?:/, '');
  const bodies = [own];
  for (let i = index + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.code.trim() === '') continue;
    if (line.indent <= indent) break;
    bodies.push(line.code);
  }
  for (const code of bodies) {
    for (const m of code.matchAll(/([A-Za-z_][\w.]*)\s*\(/g)) {
      const name = resolve(m[1]!, names);
      if (name === 'pytest.skip' || name === 'pytest.xfail' || /\.skipTest$/.test(name))
        return [`unknown: the test calls ${m[1]}() at run time`];
    }
  }
  return [];
}
