/**
 * The code actions of a range: for each citation in it, the fix of what
 * stops it counting (a misspelt or ambiguous id, a stale pin); for each fact
 * lacking a test, in its spec or at an implementing citation, a failing
 * test stub citing it in a likely test file.
 */
import { basename } from 'node:path';
import type { CodeAction, Diagnostic, Range } from 'vscode-languageserver';
import { resolveRef } from '../../checks/resolve.ts';
import { ambiguousFact } from '../../checks/rules/ambiguous-fact.ts';
import { missingVerification } from '../../checks/rules/missing-verification.ts';
import { staleCitation } from '../../checks/rules/stale-citation.ts';
import { unknownFact } from '../../checks/rules/unknown-fact.ts';
import type { Fact } from '../../reader/model.ts';
import { didYouMeanActions, nameTheDocumentActions, repinAction, stubAction } from './code-actions.ts';
import { type CitationSpan, citationSpan } from './ranges.ts';
import { verifiesStub } from './test-stub.ts';
import type { WorkspaceView } from './workspace-view.ts';

const MAX_STUB_TARGETS = 3;

const overlaps = (a: Range, b: Range) =>
  !(
    a.end.line < b.start.line ||
    (a.end.line === b.start.line && a.end.character < b.start.character) ||
    b.end.line < a.start.line ||
    (b.end.line === a.start.line && b.end.character < a.start.character)
  );

/** The client's diagnostic of `rule` over `range`, so the action is offered as its quick fix. */
function diagnosticFor(
  diagnostics: readonly Diagnostic[],
  rule: string,
  range: Range,
): Diagnostic | undefined {
  return diagnostics.find((d) => d.code === rule && overlaps(d.range, range));
}

export function codeActions(
  view: WorkspaceView,
  file: string,
  range: Range,
  diagnostics: readonly Diagnostic[],
): CodeAction[] {
  const lines = view.lines(file);
  if (lines === undefined) return [];
  const uri = view.uriOf(file);
  const doc = view.project.specs.document(file);
  if (doc !== undefined) {
    const facts = doc.facts.filter((f) => f.line - 1 <= range.end.line && range.start.line <= f.endLine - 1);
    return facts.flatMap((f) =>
      stubActions(view, view.project.specs.fact(f.address) ?? f, undefined, diagnostics),
    );
  }
  const spans = view.project
    .citationsIn(file)
    .map((c) => citationSpan(lines, c))
    .filter((s) => overlaps(s.whole, range));
  return spans.flatMap((span) => citationActions(view, uri, file, span, diagnostics));
}

function citationActions(
  view: WorkspaceView,
  uri: string,
  file: string,
  span: CitationSpan,
  diagnostics: readonly Diagnostic[],
): CodeAction[] {
  const { citation, ref } = span;
  if (ref === undefined || citation.malformed !== undefined) return [];
  const written = { text: citation.ref, range: ref.range };
  const found = resolveRef(citation, view.project.specs.index);
  if (found.kind === 'other-namespace') return [];
  if (found.kind !== 'fact') {
    const rule = found.kind === 'unknown' ? unknownFact.id : ambiguousFact.id;
    const diagnostic = diagnosticFor(diagnostics, rule, span.whole);
    return found.kind === 'unknown'
      ? didYouMeanActions(uri, written, found.suggestions, diagnostic)
      : nameTheDocumentActions(uri, written, found.candidates, diagnostic);
  }
  const fact = found.fact;
  const out: CodeAction[] = [];
  // A generated file is never edited by hand: its stale pin is re-stamped in the template (the diagnostic's fix says so).
  if (citation.pin !== undefined && view.project.templateOf(file) === undefined) {
    const now = view.pinOf(fact, citation.pin);
    if (now !== citation.pin) {
      const repin = repinAction(
        uri,
        written,
        fact,
        now,
        diagnosticFor(diagnostics, staleCitation.id, span.whole),
      );
      if (repin) out.push(repin);
    }
  }
  if (citation.verb === 'implements') out.push(...stubActions(view, fact, file, diagnostics));
  return out;
}

/** Stubs for a fact the trace finds without a verifying test, one per likely test file. */
function stubActions(
  view: WorkspaceView,
  fact: Fact,
  from: string | undefined,
  diagnostics: readonly Diagnostic[],
): CodeAction[] {
  const { evidence } = view.evidence([fact]);
  if (!evidence.get(fact.address)?.trace?.gaps.includes(missingVerification.id)) return [];
  const pin = view.pinOf(fact);
  const actions: CodeAction[] = [];
  for (const file of stubTargets(view, fact, from)) {
    const lines = view.lines(file);
    if (lines === undefined) continue;
    const stub = verifiesStub(file, lines.text, fact, pin);
    if (stub === undefined) continue;
    const diagnostic = diagnostics.find((d) => d.code === missingVerification.id);
    actions.push(stubAction({ uri: view.uriOf(file), file, lines }, fact, stub, diagnostic));
    if (actions.length === MAX_STUB_TARGETS) break;
  }
  return actions;
}

/**
 * Test files a stub for `fact` likely belongs in: the one named after the
 * implementing file (`greet.ts` → `greet.test.ts`), then those verifying
 * most facts of the same spec.
 */
function stubTargets(view: WorkspaceView, fact: Fact, from: string | undefined): string[] {
  const { project } = view;
  const stem = from === undefined ? undefined : basename(from).replace(/\.[^.]+$/, '');
  const named: string[] = [];
  const counts = new Map<string, number>();
  for (const file of project.scans.files()) {
    if (!project.inTest(file)) continue;
    const name = basename(file);
    if (
      stem !== undefined &&
      (name.startsWith(`${stem}.`) || name.startsWith(`${stem}_`) || name === `test_${stem}.py`)
    )
      named.push(file);
  }
  const doc = project.specs.index.docs.get(fact.doc);
  for (const sibling of doc?.facts ?? []) {
    for (const { file, inTest, citation } of project.scans.citationsOf(sibling.address)) {
      if (inTest && citation.verb === 'verifies') counts.set(file, (counts.get(file) ?? 0) + 1);
    }
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([file]) => file);
  return [...new Set([...named.sort(), ...ranked])];
}
