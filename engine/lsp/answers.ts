/**
 * The editor server's answers to each request about one file, read from
 * the project in memory: nothing here reads or scans a file the project
 * does not already hold.
 */
import {
  type CodeLens,
  type CompletionItem,
  type DocumentSymbol,
  type Hover,
  type Location,
  MarkupKind,
  type Position,
} from 'vscode-languageserver';
import { addressingOf } from '../gate/setup.ts';
import { factLens } from './code-lens.ts';
import { referenceCompletions, referenceTyping } from './completion.ts';
import { citationHover, factHover } from './hover.ts';
import { specSymbols } from './symbols.ts';
import type { WorkspaceView } from './workspace-view.ts';

export function hover(view: WorkspaceView, file: string, position: Position): Hover | null {
  const here = view.at(file, position);
  if (here === undefined) return null;
  if (here.kind === 'fact') {
    const evidence = view.evidence([here.fact]).evidence.get(here.fact.address)!;
    return { contents: { kind: MarkupKind.Markdown, value: factHover(evidence) } };
  }
  const { citation } = here.span;
  const found = view.project
    .citationFindings(file)
    .filter((f) => f.line === citation.line && f.column === citation.column);
  // What stops it counting comes first; a warning about it (a pin into an unmarked unit) after.
  const problem = found.find((f) => f.severity === 'error') ?? found[0];
  const evidence = here.fact ? view.evidence([here.fact]).evidence.get(here.fact.address) : undefined;
  return {
    contents: { kind: MarkupKind.Markdown, value: citationHover(citation, evidence, problem) },
    range: here.span.whole,
  };
}

// @implements lsp#DEFINITION
export function definition(view: WorkspaceView, file: string, position: Position): Location | null {
  const here = view.at(file, position);
  if (here?.kind !== 'citation' || here.fact === undefined) return null;
  return view.anchorOf(here.fact);
}

// @implements lsp#REFERENCES
export function references(
  view: WorkspaceView,
  file: string,
  position: Position,
  includeDeclaration: boolean,
): Location[] {
  const here = view.at(file, position);
  const fact = here?.fact;
  if (fact === undefined) return [];
  const cited = view.citationLocations(fact);
  return includeDeclaration ? [view.anchorOf(fact), ...cited] : cited;
}

export function symbols(view: WorkspaceView, file: string): DocumentSymbol[] {
  const doc = view.project.specs.document(file);
  const lines = view.lines(file);
  return doc && lines ? specSymbols(doc, lines) : [];
}

export function completion(view: WorkspaceView, file: string, position: Position): CompletionItem[] {
  const lines = view.lines(file);
  if (lines === undefined) return [];
  const typing = referenceTyping(lines.lineText(position.line).slice(0, position.character));
  if (typing === undefined) return [];
  const { project } = view;
  return referenceCompletions(typing, position, {
    index: project.specs.index,
    addressing: addressingOf(project.config),
    docs: project.specs.docNames(),
  });
}

export function codeLenses(view: WorkspaceView, file: string): CodeLens[] {
  const doc = view.project.specs.document(file);
  if (doc === undefined) return [];
  const facts = [...new Set(doc.facts.map((f) => f.address))].map((a) => view.project.specs.fact(a)!);
  const { evidence } = view.evidence(facts);
  const uri = view.uriOf(file);
  return facts.map((fact) => {
    const at = { line: fact.line - 1, character: 0 };
    return factLens(evidence.get(fact.address)!, uri, at, view.citationLocations(fact));
  });
}
