/**
 * The pure core of `factline gen`: spec + templates + what is on disk → a
 * plan of writes and deletes, or the full list of reasons it cannot be made.
 */
import { isCodeTemplate, renderCodeTemplate } from './code-template.ts';
import { normaliseMapped } from './format.ts';
import { HEADER_LINES, lf, type ParsedHeader, readHeader, withHeader } from './header.ts';
import { TemplateFacts } from './helpers.ts';
import { escapingImports } from './imports.ts';
import { LANGUAGES, languageOf } from './languages/table.ts';
import type { Language } from './languages/types.ts';
import { MANIFEST_TEMPLATE, manifestHeader, manifestPath, manifestText, readManifest } from './manifest.ts';
import { dataProblems, type OutputProblem } from './output-checks.ts';
import { parseOutputs } from './syntax.ts';
import { renderTemplate } from './template.ts';
import type { GenError, GenerationInput, Plan, PlannedDelete, PlannedOutput, SourceText } from './types.ts';
import { ValueTypes } from './value-types.ts';

const stripSlash = (p: string) => p.replace(/\\/g, '/').replace(/\/+$/, '').replace(/^\.\//, '');

/** `templates/a/server.ts` (or `server.ts.hbs`) → `generated/a/server.ts`. */
export function outputPathFor(template: string, templatesDir: string, outDir: string): string {
  const from = stripSlash(templatesDir);
  const rel = from === '' || from === '.' ? template : template.slice(from.length + 1);
  const out = stripSlash(outDir);
  return `${out === '' || out === '.' ? '' : `${out}/`}${rel.replace(/\.hbs$/, '')}`;
}

/** The refusal of a template the language table does not cover. */
// @implements generator#UNKNOWN-EXTENSION-REFUSED
function unsupported(path: string, templatesDir: string): GenError {
  const list = LANGUAGES.map((l) => `${l.name} (${l.extensions.join(', ')})`).join('; ');
  return {
    code: 'unsupported-template',
    file: path,
    line: 1,
    column: 1,
    message: `a template is a TypeScript or JavaScript module (<module>.ts, .mts, .cts, .js, .mjs, .cjs) or is named <module>.<EXT>.hbs, EXT one of: ${list}`,
    fix: `rename it or move it out of ${templatesDir}/`,
  };
}

interface RenderedOutput extends SourceText {
  template: string;
  language: Language;
  spec: string;
  body: string;
  /** Template line of each line of `text`. */
  lines: number[];
}

/** The template line behind an output line (the header maps to the template's first line). */
const templateLine = (output: RenderedOutput, line: number) => output.lines[line - 1] || 1;

function brokenOutput(output: RenderedOutput, what: string, problems: OutputProblem[]): GenError {
  const [first, ...more] = problems;
  const excerpt = output.text.split('\n')[first!.line - 1]?.trim() ?? '';
  return {
    code: 'broken-output',
    file: output.template,
    line: templateLine(output, first!.line),
    column: 1,
    message:
      `renders ${what} that does not parse: ${output.path}:${first!.line}:${first!.column}: ${first!.message}` +
      ` in \`${excerpt}\`${more.length > 0 ? ` (+${more.length} more)` : ''}`,
    fix: 'fix the template so its output parses; nothing was written',
  };
}

// @implements generator#GEN-PURE-PLAN
export function planGeneration(input: GenerationInput): Plan {
  const errors: GenError[] = [];
  const specs = [input.spec, ...(input.moreSpecs ?? [])];
  for (const d of specs.flatMap((spec) => spec.diagnostics)) {
    if (d.severity !== 'error') continue;
    const error: GenError = {
      code: 'spec-error',
      file: d.file,
      line: d.line,
      column: d.column,
      message: `${d.code}: ${d.message}`,
    };
    if (d.fix !== undefined) error.fix = d.fix;
    errors.push(error);
  }

  const index = new TemplateFacts(input.spec, input.moreSpecs, input.specSources, {
    ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
    types: new ValueTypes(input.valueTypes),
  });
  const rendered: RenderedOutput[] = [];
  for (const template of [...input.templates].sort((a, b) => cmp(a.path, b.path))) {
    const path = outputPathFor(template.path, input.templatesDir, input.outDir);
    const code = isCodeTemplate(template.path);
    const language = template.path.endsWith('.hbs') || code ? languageOf(path) : undefined;
    if (!language) {
      errors.push(unsupported(template.path, input.templatesDir));
      continue;
    }
    index.track();
    const result = code
      ? renderCodeTemplate(index, template, language)
      : renderTemplate(index, template, language);
    errors.push(...result.errors);
    if (result.text === undefined) continue;
    const { text: body, lines } = normaliseMapped(result.text, result.lines);
    // The header names every spec the template took a fact from.
    // @implements mcp-revisions#GENERATED-FROM-SEVERAL-SPECS
    const spec = index.usedFiles().join('+');
    const headed = language.header !== undefined;
    rendered.push({
      path,
      template: template.path,
      language,
      spec,
      body,
      text: headed ? withHeader(body, { spec, template: template.path }, language.header) : body,
      lines: headed ? [...Array<number>(HEADER_LINES).fill(0), ...lines] : lines,
    });
  }

  const scripts = rendered.filter((r) => r.language.check === 'typescript');
  const parsed = parseOutputs(scripts);
  for (const output of rendered) {
    const data = dataProblems(output.language.check, output.text);
    if (data && data.length > 0) errors.push(brokenOutput(output, output.language.name, data));
    const result = parsed.get(output.path);
    if (!result) continue;
    if (result.problems.length > 0) errors.push(brokenOutput(output, 'TypeScript', result.problems));
    for (const m of escapingImports(output.path, result.source, input.outDir)) {
      errors.push({
        code: 'forbidden-import',
        file: output.template,
        line: templateLine(output, m.line),
        column: 1,
        message: `${output.path}:${m.line}:${m.column} ${m.why}: generated code must run with the rest of factline absent`,
        fix: `move what it needs into a template under ${input.templatesDir}/`,
      });
    }
  }

  const manifest = readManifest(input.existing, input.outDir);
  const headerOf = (path: string, text: string): ParsedHeader | undefined =>
    readHeader(text) ?? manifestHeader(manifest.get(path), text);

  const existing = new Map(input.existing.map((f) => [f.path, f.text]));
  const failed = new Set(errors.map((e) => e.file));
  const planned = (path: string, template: string, text: string): PlannedOutput => {
    const before = existing.get(path);
    const out: PlannedOutput = { path, template, text, action: 'create' };
    if (before === undefined) return out;
    // A checkout that turned LF into CRLF holds the same file.
    out.action = lf(before) === text ? 'unchanged' : 'update';
    return out;
  };
  const outputs: PlannedOutput[] = rendered
    .filter((r) => !failed.has(r.template))
    .map((r) => {
      const out = planned(r.path, r.template, r.text);
      out.check = r.language.check;
      out.templateLines = r.lines;
      const before = existing.get(r.path);
      if (before === undefined) return out;
      const header = headerOf(r.path, before);
      if (!header) out.conflict = 'foreign';
      else if (!header.intact) {
        out.conflict = 'hand-edited';
        out.firstChangedLine = firstChangedLine(lf(before), r.text);
      }
      return out;
    });

  const headerless = rendered.filter((r) => r.language.header === undefined);
  const written = new Set(rendered.map((r) => r.path));
  // While a header-less template fails, its manifest entry stays as it was.
  const keptEntries = [...manifest].filter(
    ([path, e]) => !written.has(path) && input.templates.some((t) => t.path === e.template),
  );
  if (headerless.length > 0 || keptEntries.length > 0) {
    const entries = [
      ...headerless.map((r) => ({ path: r.path, spec: r.spec, template: r.template, body: r.body })),
      ...keptEntries.map(([path, e]) => ({
        path,
        spec: e.spec,
        template: e.template,
        body: existing.get(path) ?? '',
      })),
    ];
    const text = manifestText(entries);
    if (failed.size === 0 || headerless.every((r) => !failed.has(r.template))) {
      outputs.push(planned(manifestPath(input.outDir), MANIFEST_TEMPLATE, text));
    }
    written.add(manifestPath(input.outDir));
  }

  const deletes: PlannedDelete[] = [];
  // Only files carrying our header are ours to delete; anything else in the directory is left alone.
  // @implements generator#GEN-ORPHANS-ARE-DELETED
  for (const file of [...input.existing].sort((a, b) => cmp(a.path, b.path))) {
    if (written.has(file.path)) continue;
    if (file.path === manifestPath(input.outDir)) {
      if (manifest.size > 0) deletes.push({ path: file.path, template: MANIFEST_TEMPLATE });
      continue;
    }
    const header = headerOf(file.path, file.text);
    if (!header) continue;
    // While a template fails to render its output is not an orphan: its template still exists.
    if (input.templates.some((t) => t.path === header.template)) continue;
    const gone: PlannedDelete = { path: file.path, template: header.template };
    if (!header.intact) gone.conflict = 'hand-edited';
    deletes.push(gone);
  }

  return { outputs, deletes, errors };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Outputs that would change the file system, deletes included. */
export function pendingChanges(plan: Plan): { writes: PlannedOutput[]; deletes: PlannedDelete[] } {
  return { writes: plan.outputs.filter((o) => o.action !== 'unchanged'), deletes: plan.deletes };
}

/** Changes refused without `--force`: they would destroy a hand edit or a file we did not write. */
export function conflicts(
  plan: Plan,
): { path: string; conflict: 'hand-edited' | 'foreign'; template: string; line?: number }[] {
  return [
    ...plan.outputs.flatMap((o) =>
      o.conflict
        ? [
            {
              path: o.path,
              conflict: o.conflict,
              template: o.template,
              ...(o.firstChangedLine !== undefined ? { line: o.firstChangedLine } : {}),
            },
          ]
        : [],
    ),
    ...plan.deletes.flatMap((d) =>
      d.conflict ? [{ path: d.path, conflict: d.conflict, template: d.template }] : [],
    ),
  ];
}

/**
 * The first line (1-based) where a hand-edited file differs from what gen
 * renders now, so the refusal points at the edit rather than at 1:1.
 */
// @implements generator#MESSAGES-HAND-EDIT-NAMES-LINE
export function firstChangedLine(before: string, now: string): number {
  const a = before.split('\n');
  const b = now.split('\n');
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i + 1;
  return 1;
}
