/**
 * `factline pin [REF…]` in the engine: after a reviewer has checked the code
 * against a changed fact, the stale pins of resolved facts are re-stamped
 * with the fact's current digest (or kind revision), in place, whatever
 * form the pin is written in (engine/pin-edits.ts). `pin --add` pins the
 * unpinned citations the same way.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { JudgedCitation, JudgedLink, TraceResult } from '../checks/model.ts';
import { currentPin, indexFacts, resolveRef } from '../checks/resolve.ts';
import { staleCitation } from '../checks/rules/stale-citation.ts';
import { staleLink } from '../checks/rules/stale-link.ts';
import { UsageError } from './errors.ts';
import { checkTarget, removeStaleTemps, WriteError, writeFileAtomic } from './files/atomic-write.ts';
import { addressingOf } from './gate/setup.ts';
import { type PinEdit, type PinSite, planPins } from './pin-edits.ts';
import type { Project } from './project.ts';
import { resolveArgument } from './ref-argument.ts';
import type { LoadedSpecs } from './specs.ts';

export type { PinEdit } from './pin-edits.ts';

/** What a pin run did: each edit written, and each one it could not place, with why. */
export interface PinOutcome {
  applied: { file: string; edit: PinEdit }[];
  refused: { file: string; edit: PinEdit; why: string }[];
}

/** The edits of each file, file by file in path order. */
function groupByFile(edits: PinEdit[]): [string, PinEdit[]][] {
  const byFile = new Map<string, PinEdit[]>();
  for (const e of edits) {
    const list = byFile.get(e.citation.file) ?? [];
    list.push(e);
    byFile.set(e.citation.file, list);
  }
  return [...byFile].sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * Writes the edits: every file is read, planned and its target checked
 * before the first write, so a refused file (outside the root, hard-linked,
 * another's) changes nothing; `written` is called after each file.
 */
function writePins(
  project: Project,
  edits: PinEdit[],
  written: (file: string, edit: PinEdit) => void,
): PinOutcome {
  const { config } = project;
  const planned: { file: string; path: string; next: Buffer; applied: PinEdit[] }[] = [];
  const outcome: PinOutcome = { applied: [], refused: [] };
  for (const [file, list] of groupByFile(edits)) {
    const path = resolve(config.root, file);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
    }
    const plan = planPins(bytes, list);
    for (const r of plan.refused) outcome.refused.push({ file, ...r });
    if (plan.applied.length > 0) planned.push({ file, path, next: plan.next, applied: plan.applied });
  }
  try {
    for (const p of planned) checkTarget(p.path, { root: config.root });
    for (const p of planned) {
      removeStaleTemps(dirname(p.path));
      writeFileAtomic(p.path, p.next, { root: config.root });
      for (const edit of p.applied) {
        outcome.applied.push({ file: p.file, edit });
        written(p.file, edit);
      }
    }
  } catch (error) {
    if (error instanceof WriteError) {
      const before = outcome.applied.length;
      throw new UsageError(
        `${error.message}${before > 0 ? ` (${before} citation(s) above were pinned first)` : '; nothing written'}`,
      );
    }
    throw error;
  }
  return outcome;
}

/** Whether `c` lies in the generated output, whose pins come from its templates. */
function inGenerated(project: Project, c: JudgedCitation): boolean {
  const generated = `${project.config.generate.out.replace(/\\/g, '/').replace(/\/+$/, '')}/`;
  return c.file.startsWith(generated);
}

/**
 * Re-stamps the stale pins of the gate's `result` (only those of the facts
 * `refs` name, when any), calling `repinned` after each file is written.
 */
// @implements trace#GATE-PIN-RESTAMPS
// @implements trace#PIN-EVERY-FORM
export function repinStale(
  project: Project,
  result: TraceResult,
  specs: LoadedSpecs,
  refs: readonly string[],
  repinned: (file: string, edit: PinEdit) => void,
): PinOutcome {
  const addressing = addressingOf(project.config);
  const wanted = new Set(refs.map((r) => resolveArgument(specs.set, r, addressing).address));
  const index = indexFacts(specs.set);
  const edits: PinEdit[] = [];
  for (const c of result.citations) {
    if (c.problem !== staleCitation.id || c.resolved === undefined || c.pin === undefined) continue;
    // A generated file takes its pins from its template: re-stamp that, and `gen` copies it.
    // @implements generator#PINS-PIN-RESTAMPS-TEMPLATES
    if (inGenerated(project, c)) continue;
    if (wanted.size > 0 && !wanted.has(c.resolved)) continue;
    const fact = index.byAddress.get(c.resolved);
    if (!fact) continue;
    const to = currentPin(fact, index.docs.get(fact.doc), c.pin);
    if (to !== c.pin) edits.push({ citation: c, from: c.pin, to });
  }
  // A suspect link is re-stamped like a stale citation, once its fact was reviewed against the parent.
  // @implements chains#PIN-RESTAMPS-LINKS
  for (const l of result.links ?? []) {
    if (l.problem !== staleLink.id || l.resolved === undefined || l.pin === undefined) continue;
    if (wanted.size > 0 && !wanted.has(l.resolved)) continue;
    const fact = index.byAddress.get(l.resolved);
    if (!fact) continue;
    const to = currentPin(fact, index.docs.get(fact.doc), l.pin);
    if (to !== l.pin) edits.push({ citation: linkSite(l, `${l.target}~${l.pin}`), from: l.pin, to });
  }
  return writePins(project, edits, repinned);
}

/**
 * `pin --add [PATH…]`: the fact's current digest pin on every unpinned
 * citation of a resolved fact in `paths` (root-relative files or folders;
 * all gate files when empty). Generated files and `scope` markers are left alone.
 */
// @implements trace#PIN-ADD
export function addPins(
  project: Project,
  result: TraceResult,
  specs: LoadedSpecs,
  paths: readonly string[],
  added: (file: string, edit: PinEdit) => void,
): PinOutcome {
  const index = indexFacts(specs.set);
  const inPaths = (file: string) =>
    paths.length === 0 ||
    paths.some((p) => p === '.' || file === p || file.startsWith(`${p.replace(/\/+$/, '')}/`));
  const edits: PinEdit[] = [];
  for (const c of result.citations) {
    if (c.pin !== undefined || c.resolved === undefined || c.verb === 'scope') continue;
    if (inGenerated(project, c) || !inPaths(c.file)) continue;
    const fact = index.byAddress.get(c.resolved);
    if (fact) edits.push({ citation: c, to: currentPin(fact, index.docs.get(fact.doc)) });
  }
  // Links in the specs: a `@refines:`/`@derives:` written without a pin gets the parent's digest.
  // @implements chains#PIN-ADD-LINKS
  for (const l of result.links ?? []) {
    if (l.pin !== undefined || l.resolved === undefined || l.kind === 'conflicts' || !inPaths(l.file))
      continue;
    const fact = index.byAddress.get(l.resolved);
    if (fact) edits.push({ citation: linkSite(l, l.target), to: currentPin(fact, index.docs.get(fact.doc)) });
  }
  return writePins(project, edits, added);
}

/** A link's pin site: its address as written (`ref`) at the address's place in the spec. */
function linkSite(l: JudgedLink, ref: string): PinSite {
  return { file: l.file, line: l.line, column: l.column, ref, resolved: l.resolved, link: true };
}

/**
 * `pin --moved`: every citation that reached its fact through a document's
 * `@aliases:` line is rewritten to name the document that holds the fact
 * now; its pin, and every other citation, stay as they are.
 */
// @implements trace#PIN-MOVED
export function repointMoved(
  project: Project,
  result: TraceResult,
  specs: LoadedSpecs,
  moved: (file: string, edit: PinEdit) => void,
): PinOutcome {
  const index = indexFacts(specs.set);
  const edits: PinEdit[] = [];
  for (const c of result.citations) {
    if (c.resolved === undefined || c.doc === undefined || inGenerated(project, c)) continue;
    const found = resolveRef(c, index);
    if (found.kind !== 'fact' || found.movedFrom === undefined) continue;
    edits.push({ citation: c, to: found.fact.address, moveTo: found.fact.doc });
  }
  return writePins(project, edits, moved);
}
