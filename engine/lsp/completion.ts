/**
 * Completion of references: after a citation tag (`@implements `,
 * `@verifies `, `@deviates `, JSDoc's `@spec implements `), inside a Rust
 * carrier's string (`#[spec(implements = "`, `#[verifies("`, `scope!("`) and
 * inside any `spec://` address. First the document names, then after `#`
 * the document's fact ids with their text, then after `~` the current pin.
 * Pure.
 */
import {
  type CompletionItem,
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
  type Position,
} from 'vscode-languageserver';
import { type Addressing, type FactIndex, kindRevision, unitUri } from '../../checks/resolve.ts';
import type { Fact } from '../../reader/model.ts';

/** Where a reference is being typed on the line, and what of it is typed so far. */
export interface ReferenceTyping {
  /** The reference typed so far, up to the cursor. */
  typed: string;
}

const STARTS = [
  /@(?:spec[ \t]+)?(?:implements|verifies|deviates)[ \t]+(\S*)$/,
  /\b(?:implements|verifies|deviates)\s*=\s*"([^"\s]*)$/,
  /#\[\s*verifies\s*\(\s*"([^"\s]*)$/,
  /\bscope!\s*\(\s*"([^"\s]*)$/,
  /(spec:\/\/[^\s"'`)]*)$/,
];

/** The reference being typed at the end of `lineBefore`, when the cursor stands in one. */
export function referenceTyping(lineBefore: string): ReferenceTyping | undefined {
  for (const start of STARTS) {
    const m = start.exec(lineBefore);
    if (m) return { typed: m[1]! };
  }
  return undefined;
}

/** What the completion needs of the loaded specs. */
export interface CompletionSource {
  index: FactIndex;
  addressing: Addressing;
  /** Document names in load order. */
  docs: readonly string[];
}

/** The `spec://…` path of a document (without `#`). */
function uriPath(doc: string, addressing: Addressing): string {
  return (unitUri(doc, '_', addressing) ?? `spec://${doc}#_`).slice(0, -2);
}

function docNamed(name: string, source: CompletionSource): string | undefined {
  if (source.index.docs.has(name)) return name;
  return source.index.aliases.get(name) ?? undefined;
}

function docOfUri(path: string, source: CompletionSource): string | undefined {
  const exact = source.docs.find((doc) => uriPath(doc, source.addressing) === `spec://${path}`);
  if (exact !== undefined) return exact;
  const bySuffix = [...source.docs].sort((a, b) => b.length - a.length);
  return bySuffix.find((doc) => path === doc || path.endsWith(`/${doc}`));
}

const firstLine = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function edit(position: Position, typedLength: number, newText: string) {
  return {
    range: { start: { line: position.line, character: position.character - typedLength }, end: position },
    newText,
  };
}

function docItems(
  typed: string,
  uri: boolean,
  position: Position,
  source: CompletionSource,
): CompletionItem[] {
  return source.docs.map((doc, i) => {
    const label = uri ? uriPath(doc, source.addressing) : doc;
    const facts = source.index.docs.get(doc)?.facts.length ?? 0;
    return {
      label,
      kind: CompletionItemKind.Module,
      detail: `${facts} fact${facts === 1 ? '' : 's'}${source.index.docs.get(doc)?.title ? ` — ${source.index.docs.get(doc)?.title}` : ''}`,
      sortText: String(i).padStart(6, '0'),
      filterText: label,
      textEdit: edit(position, typed.length, `${label}#`),
      insertTextFormat: InsertTextFormat.PlainText,
    };
  });
}

const pinOf = (fact: Fact): string => fact.digest.slice(0, 8);

function idItems(
  doc: string,
  typedId: string,
  position: Position,
  source: CompletionSource,
): CompletionItem[] {
  const units = [...(source.index.byDocId.get(doc)?.values() ?? [])];
  return units
    .filter((fact) => fact.status.state !== 'void')
    .map((fact, i) => {
      const heading = source.index.headings.has(fact.address);
      return {
        label: fact.id,
        kind: heading
          ? CompletionItemKind.Module
          : fact.factClass === 'normative'
            ? CompletionItemKind.Constant
            : CompletionItemKind.Property,
        labelDetails: { description: `~${pinOf(fact)}` },
        detail: firstLine(fact.text),
        documentation: {
          kind: MarkupKind.Markdown,
          value: `${fact.text}\n\n\`${fact.status.stage}/${fact.status.state}\` · cite as \`${fact.address}~${pinOf(fact)}\``,
        },
        sortText: String(i).padStart(6, '0'),
        filterText: fact.id,
        textEdit: edit(position, typedId.length, fact.id),
      };
    });
}

function pinItems(
  fact: Fact,
  typedPin: string,
  position: Position,
  source: CompletionSource,
): CompletionItem[] {
  const digest = pinOf(fact);
  const items: CompletionItem[] = [
    {
      label: digest,
      kind: CompletionItemKind.Value,
      detail: `the current digest of ${fact.address}`,
      documentation: { kind: MarkupKind.Markdown, value: fact.text },
      textEdit: edit(position, typedPin.length, digest),
    },
  ];
  const revision = kindRevision(fact, source.index.docs.get(fact.doc));
  if (revision !== undefined)
    items.push({
      label: `r${revision}`,
      kind: CompletionItemKind.Value,
      detail: `the current kind revision governing ${fact.address}`,
      textEdit: edit(position, typedPin.length, `r${revision}`),
    });
  return items;
}

/** Completion items for the reference typed before `position`. */
// @implements lsp#COMPLETE-REFERENCES
// @implements lsp#COMPLETE-SPEC-URI
export function referenceCompletions(
  typing: ReferenceTyping,
  position: Position,
  source: CompletionSource,
): CompletionItem[] {
  const uri = typing.typed.startsWith('spec://');
  const body = uri ? typing.typed.slice('spec://'.length) : typing.typed;
  const hash = body.lastIndexOf('#');
  if (hash === -1) {
    const tilde = body.indexOf('~');
    if (tilde === -1 || uri) return docItems(typing.typed, uri, position, source);
    // A bare id with its pin being typed: the id names one fact only while it is unique.
    const facts = source.index.byId.get(body.slice(0, tilde)) ?? [];
    return facts.length === 1 ? pinItems(facts[0]!, body.slice(tilde + 1), position, source) : [];
  }
  const docText = body.slice(0, hash);
  const doc = uri ? docOfUri(docText, source) : docNamed(docText, source);
  if (doc === undefined) return [];
  const rest = body.slice(hash + 1);
  const tilde = rest.indexOf('~');
  if (tilde === -1) return idItems(doc, rest, position, source);
  const fact = source.index.byDocId.get(doc)?.get(rest.slice(0, tilde));
  return fact ? pinItems(fact, rest.slice(tilde + 1), position, source) : [];
}
