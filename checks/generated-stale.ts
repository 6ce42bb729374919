/**
 * Pins live in templates (issue 11). A TypeScript template cites with an
 * ordinary implementing comment carrying the pin, which the gate reads like
 * any source's and `gen` copies into the generated file. A stale citation in a
 * generated file is therefore told to fix the template and run `gen`, never
 * to pin the generated file. Pure.
 */
import type { Finding } from './model.ts';
import { staleCitation } from './rules/stale-citation.ts';

/** Where generated files live (repo-relative, e.g. `generated`). */
export interface GeneratedSetup {
  out: string;
}

const under = (dir: string, file: string) => file.startsWith(`${dir.replace(/\/+$/, '')}/`);

/**
 * A stale citation in a generated file came from its template: re-pinning
 * the generated file would be a hand edit `gen` refuses. Point at the
 * template and `gen` instead.
 */
// @implements generator#PINS-GATE-NAMES-TEMPLATE-AND-GEN
export function adviseGeneratedStale(
  findings: Finding[],
  setup: GeneratedSetup,
  /** The template a generated file's header names, when the file is generated (the caller reads headers). */
  templateOf: (file: string) => string | undefined,
): void {
  for (const f of findings) {
    if (f.rule !== staleCitation.id || !under(setup.out, f.file)) continue;
    const template = templateOf(f.file);
    if (template === undefined) continue;
    const restamp = template.endsWith('.hbs')
      ? `update the pin of its {{cite "ID~PIN"}}`
      : `run \`factline pin${f.fact ? ` ${f.fact}` : ''}\` (it re-stamps the template's citation)`;
    f.fix = `this file is generated from ${template}: review the fact there, ${restamp}, then \`factline gen\``;
  }
}
