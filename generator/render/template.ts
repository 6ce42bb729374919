/**
 * Renders one template against the fact index. Errors come from two passes:
 * a static walk of the template (helper calls with literal arguments, also in
 * branches the data never takes) and the run itself (calls fed by `#each`).
 * Every interpolation is written through a slot (slots.ts), so the output's
 * language escapes it for where it lands.
 */
import Handlebars from 'handlebars';
import { errorAt, type HbsLoc, type TemplateFacts, VALUE_HELPERS } from './helpers.ts';
import { languageOf, TEMPLATE_EXTENSIONS } from './languages/table.ts';
import type { Language } from './languages/types.ts';
import { fillSlots, lineMarker, RESERVED, type SlotPlace, SlotRecorder } from './slots.ts';
import { placeOf, staticErrors } from './static-check.ts';
import type { GenError, SourceText } from './types.ts';

type HelperOptions = { loc?: HbsLoc; hash?: Record<string, unknown> };

export interface Rendered {
  text?: string;
  /** For each line of `text`, the template line it came from. */
  lines?: number[];
  errors: GenError[];
}

/** Helpers whose result is a slot of their own; any other mustache writes text. */
const SLOT_HELPERS = new Set<string>([...VALUE_HELPERS, 'value', 'json']);
const TEXT = '__text';

const placeAt = (loc: HbsLoc | undefined): SlotPlace => ({
  line: loc?.start.line ?? 1,
  column: (loc?.start.column ?? 0) + 1,
});

// @implements generator#GEN-ALL-ERRORS-BEFORE-ANY-WRITE
export function renderTemplate(
  index: TemplateFacts,
  template: SourceText,
  language: Language | undefined = languageOf(template.path.replace(/\.hbs$/, '')),
): Rendered {
  const errors: GenError[] = [];
  const seen = new Set<string>();
  const report = (error: GenError) => {
    const key = `${error.line}:${error.column}:${error.code}:${error.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    errors.push(error);
  };

  const hb = Handlebars.create();
  let ast: hbs.AST.Program;
  try {
    ast = hb.parse(template.text);
  } catch (error) {
    report(syntaxError(template.path, error as Error));
    return { errors };
  }
  for (const error of staticErrors(index, template.path, ast)) report(error);
  const reserved = RESERVED.exec(template.text);
  if (reserved) {
    const before = template.text.slice(0, reserved.index).split('\n');
    report({
      code: 'template-syntax',
      file: template.path,
      line: before.length,
      column: before.at(-1)!.length + 1,
      message: `\`${reserved[0]}\` is reserved for the renderer's own placeholders`,
      fix: 'write it differently in the template',
    });
    return { errors };
  }
  instrument(ast);

  const slots = new SlotRecorder();
  for (const name of VALUE_HELPERS) {
    hb.registerHelper(name, (...args: unknown[]) => {
      const options = args.pop() as HelperOptions;
      const outcome = index.call(name, args[0]);
      if (outcome.ok) return slots.add({ kind: 'cite', cite: outcome.value, at: placeAt(options.loc) });
      report(errorAt(template.path, options.loc, outcome));
      return '';
    });
  }
  hb.registerHelper('value', (...args: unknown[]) => {
    const options = args.pop() as HelperOptions;
    const outcome = index.value(args[0], options.hash ?? {}, placeOf(template.path, options.loc));
    if (outcome.ok) return slots.add({ kind: 'value', value: outcome.value, at: placeAt(options.loc) });
    report(errorAt(template.path, options.loc, outcome));
    return '';
  });
  hb.registerHelper('facts', (...args: unknown[]) => {
    const options = args.pop() as HelperOptions;
    if (args.length > 0) {
      report(
        errorAt(template.path, options.loc, {
          ok: false,
          code: 'bad-helper-call',
          message: 'facts takes only section="…" / prefix="…"',
        }),
      );
    }
    const outcome = index.facts(options.hash ?? {});
    if (outcome.ok) return outcome.value;
    report(errorAt(template.path, options.loc, outcome));
    return [];
  });
  hb.registerHelper('json', (...args: unknown[]) => {
    const options = args.pop() as HelperOptions;
    return slots.add({ kind: 'json', text: JSON.stringify(args[0]) ?? 'null', at: placeAt(options.loc) });
  });
  hb.registerHelper(TEXT, (...args: unknown[]) => {
    const options = args.pop() as HelperOptions;
    return slots.add({ kind: 'text', text: asText(args[0]), at: placeAt(options.loc) });
  });

  let raw: string;
  try {
    raw = hb.compile(ast, { noEscape: true, strict: true })({
      spec: { doc: index.spec.doc, file: index.spec.file },
    });
  } catch (error) {
    report(runtimeError(template.path, error as Error & { lineNumber?: number; column?: number }));
    return { errors };
  }
  if (errors.length > 0) return { errors };
  if (!language) {
    report({
      code: 'unsupported-template',
      file: template.path,
      line: 1,
      column: 1,
      message: 'its output extension is not in the language table',
      fix: `name it <module>.<EXT>.hbs, EXT one of ${TEMPLATE_EXTENSIONS.join(', ')}`,
    });
    return { errors };
  }
  const filled = fillSlots(raw, slots.slots, language, template.path);
  for (const error of filled.errors) report(error);
  return errors.length === 0 ? { text: filled.text, lines: filled.lines, errors } : { errors };
}

/** What Handlebars itself would write for a value. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * Prepares the parsed template for slots: each line of literal text is
 * preceded by a marker naming its template line, and every mustache that is
 * not a slot helper is routed through the text slot.
 */
function instrument(ast: hbs.AST.Program): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const n = node as Record<string, unknown> & { type?: string };
    if (n.type === 'ContentStatement') markLines(n as unknown as hbs.AST.ContentStatement);
    else if (n.type === 'MustacheStatement') routeThroughText(n as unknown as hbs.AST.MustacheStatement);
    for (const key of ['body', 'program', 'inverse']) if (key in n) visit(n[key]);
  };
  visit(ast.body);
}

function markLines(node: hbs.AST.ContentStatement): void {
  const original = node.original as unknown as string;
  const { value } = node;
  if (value === '') return;
  // Whitespace control strips only whitespace from the edges: find where the kept text starts.
  let lead = 0;
  while (lead < original.length && !original.startsWith(value, lead) && /\s/.test(original[lead]!)) lead++;
  let line = node.loc.start.line + (original.slice(0, lead).match(/\n/g)?.length ?? 0);
  node.value = lineMarker(line) + value.replace(/\n/g, () => `\n${lineMarker(++line)}`);
}

function routeThroughText(node: hbs.AST.MustacheStatement): void {
  const path = node.path as hbs.AST.PathExpression;
  if (path.type === 'PathExpression' && SLOT_HELPERS.has(path.original)) return;
  const call: hbs.AST.Expression =
    node.params.length > 0 || node.hash
      ? ({
          type: 'SubExpression',
          path: node.path,
          params: node.params,
          hash: node.hash,
          loc: node.loc,
        } as hbs.AST.SubExpression)
      : node.path;
  // A name looked up for the text slot is as strict as one written alone.
  if (call.type === 'PathExpression') (call as hbs.AST.PathExpression & { strict?: boolean }).strict = true;
  node.path = {
    type: 'PathExpression',
    data: false,
    depth: 0,
    parts: [TEXT],
    original: TEXT,
    loc: node.loc,
  } as hbs.AST.PathExpression;
  node.params = [call];
  node.hash = undefined as unknown as hbs.AST.Hash;
}

function syntaxError(file: string, error: Error): GenError {
  const line = Number(
    /on line (\d+)/.exec(error.message)?.[1] ?? /- (\d+):\d+$/.exec(error.message)?.[1] ?? 1,
  );
  const column = Number(/- \d+:(\d+)$/.exec(error.message)?.[1] ?? 0) + 1;
  const message = error.message
    .split('\n')
    .filter((l) => !/^-*\^$/.test(l))
    .join(' ');
  return { code: 'template-syntax', file, line, column, message, fix: 'fix the Handlebars markup' };
}

function runtimeError(file: string, error: Error & { lineNumber?: number; column?: number }): GenError {
  const missing = /^"([^"]+)" not defined in/.exec(error.message);
  return {
    code: 'template-runtime',
    file,
    line: error.lineNumber ?? 1,
    column: (error.column ?? 0) + 1,
    message: missing ? `\`${missing[1]}\` is not defined here (strict mode)` : error.message,
    fix: missing
      ? 'helpers are cite, value, facts, json; inside #each use a fact field (id, text, codes, pin, summary, …)'
      : 'fix the template',
  };
}
