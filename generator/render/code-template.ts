/**
 * A TypeScript or JavaScript template is a module as it stands: it compiles,
 * lints and runs (its spec values come from a handle, engine/generate/
 * template-spec.ts). Rendering it edits its syntax tree in three places and
 * copies everything else:
 * - the import of the handle is dropped (generated code stands alone);
 * - each `spec.value('ID', 'TYPE', 'NAME')` becomes the value's literal and
 *   each `spec.codes({ prefix })` the array of the matching facts' code spans;
 * - each implementing citation comment of a generating spec's fact (address
 *   and optional pin alone in a `//` comment) gets the fact's first sentence
 *   appended, as `{{cite}}` writes it; one of a fact of another document (the
 *   template's own requirement) is dropped with its line.
 * The template is parsed by the `typescript` package (a runtime dependency),
 * not ts-morph: the edits are replacements at node positions, which the
 * compiler API gives directly, and `gen` runs where only dependencies are
 * installed. Pure.
 */
import ts from 'typescript';
import { errorAt, type HbsLoc, type Outcome, type TemplateFacts } from './helpers.ts';
import type { Language } from './languages/types.ts';
import { placeOf } from './static-check.ts';
import { parseOutputs } from './syntax.ts';
import type { Rendered } from './template.ts';
import type { GenError, SourceText } from './types.ts';

/** Extensions of templates that are modules themselves (no `.hbs`). */
export const CODE_TEMPLATE_EXTENSIONS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'] as const;

/** The handle module's name, as its import ends (`…/template-spec.ts`, `.js`, or bare). */
const HANDLE = /(?:^|\/)template-spec(?:\.[mc]?[jt]s)?$/;

/** An implementing citation, `DOC#ID` or `DOC#ID~PIN` alone in its `//` comment: one gen completes. */
const CITATION =
  /^\/\/ ?@implements\s+([A-Za-z0-9_.-]+)#([A-Za-z][A-Za-z0-9_-]*)(?:~([0-9a-fA-F]{8}|r[0-9]+))?\s*$/;

/** Whether a file under the templates directory is a code template (declaration files are not). */
export function isCodeTemplate(path: string): boolean {
  const ext = path.split('.').pop() ?? '';
  return (CODE_TEMPLATE_EXTENSIONS as readonly string[]).includes(ext) && !/\.d\.[mc]?ts$/.test(path);
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Renders a code template: its placeholders as literals, its citations completed. */
// @implements generator#TS-TEMPLATES-ARE-MODULES
export function renderCodeTemplate(index: TemplateFacts, template: SourceText, language: Language): Rendered {
  const { path: file, text } = template;
  const parsed = parseOutputs([template]).get(file)!;
  if (parsed.problems.length > 0) {
    return {
      errors: parsed.problems.map((p) => ({
        code: 'template-syntax',
        file,
        line: p.line,
        column: p.column,
        message: p.message,
        fix: 'fix the template: it is a module and must parse as one',
      })),
    };
  }
  const source = parsed.source;
  const errors: GenError[] = [];
  const edits: Edit[] = [];
  const locOf = (pos: number): HbsLoc => {
    const at = source.getLineAndCharacterOfPosition(pos);
    return { start: { line: at.line + 1, column: at.character } };
  };
  const fail = (node: ts.Node, message: string, fix: string) =>
    errors.push(
      errorAt(file, locOf(node.getStart(source)), { ok: false, code: 'bad-helper-call', message, fix }),
    );
  const settle = <T>(node: ts.Node, outcome: Outcome<T>, write: (value: T) => string) => {
    if (outcome.ok)
      edits.push({ start: node.getStart(source), end: node.getEnd(), text: write(outcome.value) });
    else errors.push(errorAt(file, locOf(node.getStart(source)), outcome));
  };

  // The handle's import: its local names are the placeholders' receivers.
  const handles = new Set<string>();
  const imports = new Set<ts.Node>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!HANDLE.test(statement.moduleSpecifier.text)) continue;
    imports.add(statement);
    const named = statement.importClause?.namedBindings;
    const only =
      named !== undefined &&
      ts.isNamedImports(named) &&
      statement.importClause?.name === undefined &&
      named.elements.every((e) => (e.propertyName ?? e.name).text === 'spec');
    if (!only) {
      fail(
        statement,
        'the spec-values handle is imported only as `{ spec }`',
        "write import { spec } from '…/template-spec.ts'",
      );
      continue;
    }
    for (const e of named.elements) handles.add(e.name.text);
    edits.push(wholeLines(text, statement.getStart(source), statement.getEnd()));
  }

  const visit = (node: ts.Node): void => {
    if (imports.has(node)) return;
    if (ts.isIdentifier(node) && handles.has(node.text)) {
      const access = node.parent;
      const call = access?.parent;
      const method =
        access !== undefined && ts.isPropertyAccessExpression(access) && access.expression === node
          ? access.name.text
          : undefined;
      if (
        call === undefined ||
        !ts.isCallExpression(call) ||
        call.expression !== access ||
        method === undefined
      ) {
        fail(
          node,
          '`spec` is only called, as spec.value(…) or spec.codes(…)',
          'call spec.value or spec.codes here',
        );
        return;
      }
      if (method === 'value') placeValue(call);
      else if (method === 'codes') placeCodes(call);
      else fail(access!, `spec has no \`${method}\` (known: value, codes)`, 'call spec.value or spec.codes');
      return;
    }
    ts.forEachChild(node, visit);
  };

  const placeValue = (call: ts.CallExpression) => {
    const args = call.arguments.map((a) => (ts.isStringLiteralLike(a) ? a.text : undefined));
    if (args.length < 2 || args.length > 3 || args.some((a) => a === undefined)) {
      fail(
        call,
        'spec.value takes two or three string literals: the fact id, the type and, optionally, the span name',
        "write spec.value('FACT-ID', 'TYPE') or spec.value('FACT-ID', 'TYPE', 'NAME')",
      );
      return;
    }
    const [id, type, name] = args as string[];
    const hash = name === undefined ? { type } : { type, name };
    const at = placeOf(file, locOf(call.getStart(source)));
    settle(call, index.value(id, hash, at), (v) => language.literal(v));
  };

  const placeCodes = (call: ts.CallExpression) => {
    const [arg] = call.arguments;
    const filter: Record<string, unknown> = {};
    const literal =
      call.arguments.length === 1 &&
      arg !== undefined &&
      ts.isObjectLiteralExpression(arg) &&
      arg.properties.every((p) => {
        if (!ts.isPropertyAssignment(p) || !ts.isStringLiteralLike(p.initializer)) return false;
        if (!ts.isIdentifier(p.name) && !ts.isStringLiteral(p.name)) return false;
        filter[p.name.text] = p.initializer.text;
        return true;
      });
    if (!literal) {
      fail(
        call,
        'spec.codes takes one object of string literals',
        "write spec.codes({ prefix: 'ID-PREFIX' })",
      );
      return;
    }
    const codes = (facts: { codes: readonly string[] }[]) => facts.flatMap((f) => f.codes);
    settle(
      call,
      index.facts(filter),
      (facts) =>
        `[${codes(facts)
          .map((c) => language.literal({ kind: 'string', value: c }))
          .join(', ')}]`,
    );
  };

  ts.forEachChild(source, visit);

  // The pin is copied as written: the gate judges it, gen does not re-stamp it.
  // @implements generator#PINS-LIVE-IN-TEMPLATES
  for (const range of lineComments(source)) {
    const m = CITATION.exec(text.slice(range.pos, range.end));
    if (!m) continue;
    if (!index.definesDoc(m[1]!)) {
      // A citation of a fact outside the generating specs (factline's own
      // requirements of the template) is the template's, not the output's:
      // generated code cites only the specs it is generated from. Alone on
      // its line, the line goes; anywhere else it is left as written.
      // @implements generator#TEMPLATE-OWN-CITATIONS-STAY-IN-THE-TEMPLATE
      if (/^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', range.pos - 1) + 1, range.pos))) {
        edits.push(wholeLines(text, range.pos, range.end));
      }
      continue;
    }
    const ref = `${m[1]}#${m[2]}${m[3] === undefined ? '' : `~${m[3]}`}`;
    const outcome = index.call('cite', ref);
    const node = { getStart: () => range.pos, getEnd: () => range.end } as unknown as ts.Node;
    if (!outcome.ok) {
      errors.push(errorAt(file, locOf(range.pos), outcome));
      continue;
    }
    const cite = language.cite(outcome.value);
    if (!cite.ok) fail(node, cite.why, cite.fix);
    else edits.push({ start: range.pos, end: range.end, text: cite.text });
  }

  if (errors.length > 0) return { errors };
  return { ...applyEdits(text, edits), errors };
}

/** The range of the lines `start..end` covers, their line break included: the lines go. */
function wholeLines(text: string, start: number, end: number): Edit {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const next = text.indexOf('\n', end);
  return { start: from, end: next === -1 ? text.length : next + 1, text: '' };
}

/** Every `//` comment of the file, each once (leading and trailing trivia of its tokens). */
function lineComments(source: ts.SourceFile): ts.CommentRange[] {
  const text = source.text;
  const found = new Map<number, ts.CommentRange>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) if (r.kind === ts.SyntaxKind.SingleLineCommentTrivia) found.set(r.pos, r);
  };
  const visit = (node: ts.Node): void => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()].sort((a, b) => a.pos - b.pos);
}

/** The template with its edits applied, and for each output line the template line it came from. */
function applyEdits(text: string, edits: Edit[]): { text: string; lines: number[] } {
  let out = '';
  const lines = [1];
  let pos = 0;
  let line = 1;
  const copy = (end: number) => {
    for (let i = pos; i < end; i++) {
      out += text[i];
      if (text[i] === '\n') lines.push(++line);
    }
    pos = end;
  };
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    copy(edit.start);
    out += edit.text;
    for (let i = edit.start; i < edit.end; i++) if (text[i] === '\n') line++;
    pos = edit.end;
    // Dropped whole lines: the output line now starting comes from the template line after them.
    if (edit.text === '' && (edit.start === 0 || text[edit.start - 1] === '\n'))
      lines[lines.length - 1] = line;
  }
  copy(text.length);
  return { text: out, lines };
}
