/**
 * The pure core of `factline gen`: spec + templates + what is on disk → a
 * plan of writes and deletes, or the full list of reasons it cannot be made.
 */
import { normalise } from './format.ts';
import { readHeader, withHeader } from './header.ts';
import { FactIndex } from './helpers.ts';
import { escapingImports } from './imports.ts';
import { isCheckedOutput, parseOutputs } from './syntax.ts';
import { renderTemplate } from './template.ts';
import type { GenError, GenerationInput, Plan, PlannedDelete, PlannedOutput, SourceText } from './types.ts';

const TEMPLATE = /\.(ts|mts|cts|js|mjs|cjs)\.hbs$/;

const stripSlash = (p: string) => p.replace(/\\/g, '/').replace(/\/+$/, '').replace(/^\.\//, '');

/** `templates/a/server.ts.hbs` → `generated/a/server.ts`. */
export function outputPathFor(template: string, templatesDir: string, outDir: string): string {
  const from = stripSlash(templatesDir);
  const rel = from === '' || from === '.' ? template : template.slice(from.length + 1);
  const out = stripSlash(outDir);
  return `${out === '' || out === '.' ? '' : `${out}/`}${rel.replace(/\.hbs$/, '')}`;
}

// @implements factline#GEN-PURE-PLAN
export function planGeneration(input: GenerationInput): Plan {
  const errors: GenError[] = [];
  const specs = input.specs ?? [input.spec];
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

  const index = new FactIndex(specs);
  const rendered: (SourceText & { template: string })[] = [];
  for (const template of [...input.templates].sort((a, b) => cmp(a.path, b.path))) {
    if (!TEMPLATE.test(template.path)) {
      errors.push({
        code: 'unsupported-template',
        file: template.path,
        line: 1,
        column: 1,
        message: 'a template is named <module>.<ts|js|mts|mjs|cts|cjs>.hbs',
        fix: `rename it or move it out of ${input.templatesDir}/`,
      });
      continue;
    }
    const result = renderTemplate(index, template);
    errors.push(...result.errors);
    if (result.text === undefined) continue;
    const body = normalise(result.text);
    const path = outputPathFor(template.path, input.templatesDir, input.outDir);
    rendered.push({
      path,
      template: template.path,
      // The header names only the specs this template took facts from.
      text: withHeader(body, { spec: result.specs.join(',') || input.spec.file, template: template.path }),
    });
  }

  const parsed = parseOutputs(rendered.filter((r) => isCheckedOutput(r.path)));
  for (const output of rendered) {
    const result = parsed.get(output.path);
    if (!result) continue;
    const [first, ...more] = result.problems;
    if (first) {
      errors.push({
        code: 'broken-output',
        file: output.template,
        line: 1,
        column: 1,
        message:
          `renders TypeScript that does not parse: ${output.path}:${first.line}:${first.column}: ${first.message}` +
          ` in \`${first.excerpt}\`${more.length > 0 ? ` (+${more.length} more)` : ''}`,
        fix: 'fix the template so its output parses; nothing was written',
      });
    }
    for (const m of escapingImports(output.path, result.source, input.outDir)) {
      errors.push({
        code: 'forbidden-import',
        file: output.template,
        line: 1,
        column: 1,
        message: `${output.path}:${m.line}:${m.column} imports \`${m.specifier}\`, outside ${input.outDir}/: generated code must run with the rest of factline absent`,
        fix: `move what it needs into a template under ${input.templatesDir}/`,
      });
    }
  }

  const existing = new Map(input.existing.map((f) => [f.path, f.text]));
  const failed = new Set(errors.map((e) => e.file));
  const outputs: PlannedOutput[] = rendered
    .filter((r) => !failed.has(r.template))
    .map((r) => {
      const before = existing.get(r.path);
      const planned: PlannedOutput = { path: r.path, template: r.template, text: r.text, action: 'create' };
      if (before === undefined) return planned;
      planned.action = before === r.text ? 'unchanged' : 'update';
      const header = readHeader(before);
      if (!header) planned.conflict = 'foreign';
      else if (!header.intact) planned.conflict = 'hand-edited';
      return planned;
    });

  const written = new Set(rendered.map((r) => r.path));
  const deletes: PlannedDelete[] = [];
  // Only files carrying our header are ours to delete; anything else in the directory is left alone.
  // @implements factline#GEN-ORPHANS-ARE-DELETED
  for (const file of [...input.existing].sort((a, b) => cmp(a.path, b.path))) {
    if (written.has(file.path)) continue;
    const header = readHeader(file.text);
    if (!header) continue;
    // While a template fails to render its output is not an orphan: its template still exists.
    if (input.templates.some((t) => t.path === header.template)) continue;
    const planned: PlannedDelete = { path: file.path, template: header.template };
    if (!header.intact) planned.conflict = 'hand-edited';
    deletes.push(planned);
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
): { path: string; conflict: 'hand-edited' | 'foreign'; template: string }[] {
  return [
    ...plan.outputs.flatMap((o) =>
      o.conflict ? [{ path: o.path, conflict: o.conflict, template: o.template }] : [],
    ),
    ...plan.deletes.flatMap((d) =>
      d.conflict ? [{ path: d.path, conflict: d.conflict, template: d.template }] : [],
    ),
  ];
}
