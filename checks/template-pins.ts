/**
 * Pins live in templates (issue 11). A template writes `{{cite "ID~PIN"}}`:
 * the reviewed pin; `gen` copies it into the generated file. The gate reads
 * those calls as implementing citations of the generating spec's facts, so a
 * reworded fact makes the template's citation stale at the template's line,
 * and a stale citation in a generated file is told to fix the template and
 * run `gen`, never to pin the generated file. Pure.
 */
import type { Finding } from './model.ts';
import type { ScannedCitation } from './scan/types.ts';
import { lineIndex } from './scan/types.ts';

export interface TemplateSetup {
  /** Repo-relative templates directory, e.g. `templates`. */
  templates: string;
  /** Repo-relative output directory, e.g. `generated`. */
  out: string;
  /**
   * Document names of the generating specs, main first (e.g. `mcp-core`,
   * `mcp-revisions`): a template's bare id belongs to the first that has it.
   */
  docs: readonly string[];
}

const CITE_CALL = /\{\{~?\s*cite\s+"([A-Za-z][A-Za-z0-9_-]*)(?:~([0-9a-fA-F]{8}|r[0-9]+))?"\s*~?\}\}/g;

const under = (dir: string, file: string) => file.startsWith(`${dir.replace(/\/+$/, '')}/`);

/** Whether `file` lies in the templates directory (its text holds pins beside its comment citations). */
export const isTemplateFile = (file: string, setup: Pick<TemplateSetup, 'templates'>): boolean =>
  under(setup.templates, file);

/** The `{{cite "ID~PIN"}}` calls of a template, as implementing citations placed at the quoted reference. */
// @implements evidence#PINS-LIVE-IN-TEMPLATES
export function templateCitations(
  file: string,
  text: string,
  setup: TemplateSetup,
  defines: (doc: string, id: string) => boolean,
): ScannedCitation[] {
  if (!under(setup.templates, file) || !text.includes('cite')) return [];
  const docOf = (id: string) => setup.docs.find((doc) => defines(doc, id)) ?? setup.docs[0]!;
  const at = lineIndex(text);
  const out: ScannedCitation[] = [];
  for (const m of text.matchAll(CITE_CALL)) {
    const refOffset = m.index + m[0].indexOf('"') + 1;
    const place = at(refOffset);
    const cite: ScannedCitation = {
      verb: 'implements',
      ref: m[2] === undefined ? m[1]! : `${m[1]}~${m[2]}`,
      doc: docOf(m[1]!),
      id: m[1]!,
      offset: refOffset,
      line: place.line,
      column: place.column,
    };
    if (m[2] !== undefined) cite.pin = m[2].toLowerCase();
    out.push(cite);
  }
  return out;
}

/**
 * A stale citation in a generated file came from its template: re-pinning
 * the generated file would be a hand edit `gen` refuses. Point at the
 * template and `gen` instead.
 */
// @implements evidence#PINS-GATE-NAMES-TEMPLATE-AND-GEN
export function adviseGeneratedStale(
  findings: Finding[],
  setup: Pick<TemplateSetup, 'out'>,
  /** The template a generated file's header names, when the file is generated (the caller reads headers). */
  templateOf: (file: string) => string | undefined,
): void {
  for (const f of findings) {
    if (f.rule !== 'stale-citation' || !under(setup.out, f.file)) continue;
    const template = templateOf(f.file);
    if (template === undefined) continue;
    f.fix = `this file is generated from ${template}: review the fact there, run \`factline pin${f.fact ? ` ${f.fact}` : ''}\` (it re-stamps the template's {{cite}}), then \`factline gen\``;
  }
}
