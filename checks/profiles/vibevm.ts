/**
 * The vibevm profile (docs/vibevm.md): where vibevm's own tools (specmap, its
 * gates, `vibe progress`) read a project differently from factline's
 * defaults, this module says how vibevm reads it, so `check --config
 * specmap.toml` fails exactly when vibevm's gates fail. Each rule here was
 * taken from vibevm's engine source, not its documents, where the two differ.
 * Pure.
 */
import type { Fact, SpecDocument } from '../../reader/model.ts';
import { DIAGNOSTIC_CODES } from '../../reader/model.ts';
import { globMatcher, type PathTest } from '../glob-match.ts';
import type { Finding, JudgedCitation } from '../model.ts';
import { ambiguousFact } from '../rules/ambiguous-fact.ts';
import { duplicateId } from '../rules/duplicate-id.ts';
import { longSection } from '../rules/long-section.ts';
import { missingEvidence } from '../rules/missing-evidence.ts';
import { missingImplementation } from '../rules/missing-implementation.ts';
import { missingVerification } from '../rules/missing-verification.ts';
import { statusAgainstEvidence } from '../rules/status-against-evidence.ts';
import type { Raised } from '../rules/unit.ts';
import { unknownFact } from '../rules/unknown-fact.ts';
import { unknownNamespace } from '../rules/unknown-namespace.ts';

/** vibevm's progress scope when `progress.toml` names no `include` (or is absent). */
export const PROGRESS_DEFAULT_INCLUDES = [
  'spec/**/*.md',
  'spec/**/*.xml',
  'packages/**/*.md',
  'packages/**/*.xml',
] as const;

/** Directories vibevm's progress scope never observes, at any depth, whatever the globs say. */
const ALWAYS_OUT_DIRS = new Set([
  'vibedeps',
  '.vibe',
  'refs',
  'fixtures',
  'campaigns',
  'target',
  'node_modules',
  'vendor',
]);
/** File names it never observes. */
const ALWAYS_OUT_FILES = new Set(['LICENSE.md']);

export interface ProgressScope {
  include: readonly string[];
  exclude: readonly string[];
}

const scopeTests = new WeakMap<ProgressScope, PathTest>();

/** Whether vibevm's progress gate observes a spec file (repo-relative, `/`-separated). */
// @implements vibevm#PROGRESS-SCOPE
export function inProgressScope(file: string, scope: ProgressScope): boolean {
  let test = scopeTests.get(scope);
  if (test === undefined) {
    const include = globMatcher(scope.include.length > 0 ? scope.include : PROGRESS_DEFAULT_INCLUDES, {
      dot: true,
    });
    const exclude = scope.exclude.length > 0 ? globMatcher(scope.exclude, { dot: true }) : () => false;
    // Asked per document and per finding: each path is matched against the globs once.
    const answers = new Map<string, boolean>();
    test = (path) => {
      let answer = answers.get(path);
      if (answer === undefined) {
        const parts = path.split('/');
        answer =
          !parts.some((p) => ALWAYS_OUT_DIRS.has(p)) &&
          !ALWAYS_OUT_FILES.has(parts[parts.length - 1]!) &&
          include(path) &&
          !exclude(path);
        answers.set(path, answer);
      }
      return answer;
    };
    scopeTests.set(scope, test);
  }
  return test(file);
}

/**
 * vibevm's document short name: a file stem `PROP-N-…` or `FEAT-N-…` is
 * addressed as `PROP-N` / `FEAT-N`; every other stem keeps its whole name
 * (`manual-tests/MT-01-vibe-tree` stays so).
 */
// @implements vibevm#DOCUMENT-NAMES
export function vibevmDocPath(doc: string): string {
  const slash = doc.lastIndexOf('/');
  const stem = doc.slice(slash + 1);
  const m = /^(PROP|FEAT)-([0-9]+)(?:-|$)/.exec(stem);
  return m ? `${doc.slice(0, slash + 1)}${m[1]}-${m[2]}` : doc;
}

/** The reader's markup lints: the findings vibevm's progress gate raises, and only in its scope. */
const SPEC_LINTS = new Set<string>(DIAGNOSTIC_CODES);

/** Rules whose finding is a citation that resolves to nothing. */
const UNRESOLVED = new Set<string>([unknownFact.id, unknownNamespace.id, ambiguousFact.id]);

/** Rules vibevm reports and never fails on: status against evidence stands in for them. */
const GAPS = new Set<string>([missingImplementation.id, missingVerification.id, missingEvidence.id]);

/**
 * The findings as vibevm's gates weigh them: a markup lint outside the
 * progress scope is not raised; a citation outside this project's namespace
 * that resolves to nothing is a warning (vibevm's resolve gate blocks only
 * its own namespace's); evidence gaps are not raised (vibevm reports status
 * against evidence instead, see statusAgainstEvidence).
 */
// @implements vibevm#GATE-FAILS-AS-VIBEVM
export function weighFindings(
  findings: readonly Finding[],
  context: {
    namespace?: string;
    /** False when the tree's gate has no resolve gate (before vibevm's 2026-08-20): no unresolved citation fails. */
    resolveGate?: boolean;
    scope: ProgressScope;
    specFiles: ReadonlySet<string>;
    citations: readonly JudgedCitation[];
  },
): Finding[] {
  const host = context.namespace === undefined ? undefined : `spec://${context.namespace}/`;
  const outsideUris = new Set<string>();
  for (const c of context.citations) {
    if (c.uri !== undefined && (host === undefined || !c.uri.startsWith(host)))
      outsideUris.add(`${c.file}:${c.line}`);
  }
  const out: Finding[] = [];
  for (const f of findings) {
    if (GAPS.has(f.rule)) continue;
    if (SPEC_LINTS.has(f.rule) && context.specFiles.has(f.file) && !inProgressScope(f.file, context.scope)) {
      // specmap itself warns of a duplicate anchor in any spec it reads (its duplicate-anchor), scope or not.
      if (f.rule === duplicateId.id) out.push({ ...f, severity: 'warning' });
      continue;
    }
    if (
      UNRESOLVED.has(f.rule) &&
      f.severity === 'error' &&
      (outsideUris.has(`${f.file}:${f.line}`) || context.resolveGate === false)
    ) {
      out.push({ ...f, severity: 'warning' });
      continue;
    }
    out.push(f);
  }
  return out;
}

/** What a heading's citations add up to, by verb (a scope! marker counts as implementing, as vibevm records it). */
export function evidenceByVerb(citations: readonly JudgedCitation[], refs: readonly number[]) {
  let implementing = 0;
  let verifying = 0;
  for (const i of refs) {
    const c = citations[i]!;
    if (c.verb === 'verifies') verifying++;
    else if (c.verb === 'implements' || c.verb === 'scope') implementing++;
  }
  return { implements: implementing, verifies: verifying };
}

/**
 * vibevm's status against evidence (its progress report's mismatch): each
 * status marker in scope is judged by the innermost heading that holds it,
 * when that heading is anchored; a `test/done` marker needs a verifying edge
 * on that heading, any `freeze` marker an implementing one. Service facts
 * and section markers are judged like any other marker.
 */
// @implements vibevm#STATUS-AGAINST-EVIDENCE
export function statusAgainstEvidenceFindings(
  documents: readonly SpecDocument[],
  evidence: (headingAddress: string) => { implements: number; verifies: number },
  scope: ProgressScope,
): Raised[] {
  const out: Raised[] = [];
  for (const doc of documents) {
    if (!inProgressScope(doc.file, scope)) continue;
    const markers: { line: number; column: number; stage: string; state: string; fact?: Fact }[] = [];
    if (doc.status && doc.markerLine !== undefined)
      markers.push({ line: doc.markerLine, column: 1, ...doc.status });
    for (const s of doc.sections) {
      if (s.status) markers.push({ line: s.markerLine ?? s.line, column: 1, ...s.status });
    }
    for (const fact of doc.facts) {
      if (fact.status.origin === 'own')
        markers.push({ line: fact.statusLine ?? fact.line, column: fact.column, ...fact.status, fact });
    }
    for (const m of markers) {
      // The innermost heading holding a line is the last heading above it (spans nest).
      let section: SpecDocument['sections'][number] | undefined;
      for (const s of doc.sections) {
        if (s.line > m.line) break;
        section = s;
      }
      if (!section?.explicitAnchor) continue;
      const address = `${doc.doc}#${section.anchor}`;
      const found = evidence(address);
      let problem: string | undefined;
      if (m.stage === 'test' && m.state === 'done' && found.verifies === 0)
        problem = 'is marked test/done but its section has no verifying citation';
      else if (m.stage === 'freeze' && found.implements === 0)
        problem = `is marked freeze/${m.state} but its section has no implementing citation`;
      if (problem === undefined) continue;
      const what = m.fact ? m.fact.address : address;
      out.push({
        rule: statusAgainstEvidence.id,
        ...(m.fact ? { fact: m.fact.address } : { fact: address }),
        file: doc.file,
        line: m.line,
        column: m.column,
        message: `${what} ${problem} (${address}: ${found.implements} implementing, ${found.verifies} verifying)`,
        fix:
          m.stage === 'test'
            ? `cite ${address} from the test that proves it (@verifies), or lower the marker`
            : `cite ${address} from the implementing code (@implements), or lower the marker`,
      });
    }
  }
  return out;
}

/** vibevm's default `max_section_lines`: a leaf section reaching it is long. */
export const MAX_SECTION_LINES = 120;

/**
 * vibevm's long-section warning: an anchored heading with no heading under it,
 * whose span (its own line up to the next heading of the same or a higher
 * level, or the end of the file) reaches 120 lines. Measured in the spec
 * roots' documents only: vibevm reads the root-level spec documents without
 * the check.
 */
// @implements vibevm#LONG-SECTION
export function longSections(
  documents: readonly SpecDocument[],
  measured: (file: string) => boolean,
  threshold = MAX_SECTION_LINES,
): Raised[] {
  const out: Raised[] = [];
  // @implements vibevm#LONG-SECTION-BY-ENGINE
  if (threshold <= 0) return out;
  for (const doc of documents) {
    if (doc.lineCount === undefined || !measured(doc.file)) continue;
    const sections = doc.sections;
    for (let i = 0; i < sections.length; i++) {
      const s = sections[i]!;
      if (!s.explicitAnchor) continue;
      const next = sections[i + 1];
      if (next !== undefined && next.depth > s.depth) continue;
      const end = next === undefined ? doc.lineCount + 1 : next.line;
      const span = end - s.line;
      if (span < threshold) continue;
      out.push({
        rule: longSection.id,
        file: doc.file,
        line: s.line,
        column: 1,
        message: `section \`${s.title}\` spans ${span} lines (threshold ${threshold}); long sections read poorly and churn often`,
      });
    }
  }
  return out;
}
