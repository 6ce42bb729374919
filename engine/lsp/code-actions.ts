/**
 * Quick fixes as workspace edits: a misspelt id replaced by a did-you-mean,
 * an ambiguous bare id given its document, a stale pin re-stamped (its
 * title quotes the fact as it now reads, which is what the reviewer checks
 * the code against), and a todo test stub that cites a fact lacking a
 * test. Pure.
 */
import {
  type CodeAction,
  CodeActionKind,
  type Diagnostic,
  type Range,
  type TextEdit,
} from 'vscode-languageserver';
import type { Fact } from '../../reader/model.ts';
import type { LineMap } from './ranges.ts';
import { appended } from './test-stub.ts';

/** A reference as written, cut at its id: what stands before it, the id, the pin part after it. */
function cut(ref: string): { before: string; id: string; after: string } {
  const hash = ref.lastIndexOf('#');
  const tilde = ref.indexOf('~', hash + 1);
  const end = tilde === -1 ? ref.length : tilde;
  return { before: ref.slice(0, hash + 1), id: ref.slice(hash + 1, end), after: ref.slice(end) };
}

function action(
  title: string,
  uri: string,
  edits: TextEdit[],
  diagnostic: Diagnostic | undefined,
  preferred: boolean,
): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    ...(diagnostic ? { diagnostics: [diagnostic] } : {}),
    ...(preferred ? { isPreferred: true } : {}),
    edit: { changes: { [uri]: edits } },
  };
}

/** A reference rewritten: one action per new text, the first preferred when `preferFirst`. */
function rewrites(
  uri: string,
  ref: { range: Range },
  texts: readonly { title: string; text: string }[],
  diagnostic: Diagnostic | undefined,
  preferFirst: boolean,
): CodeAction[] {
  return texts.map(({ title, text }, i) =>
    action(title, uri, [{ range: ref.range, newText: text }], diagnostic, preferFirst && i === 0),
  );
}

/** One action per did-you-mean: the id (only) replaced, the document and pin as written. */
// @implements lsp#FIX-BY-DID-YOU-MEAN
export function didYouMeanActions(
  uri: string,
  ref: { text: string; range: Range },
  suggestions: readonly string[],
  diagnostic?: Diagnostic,
): CodeAction[] {
  const { before, after } = cut(ref.text);
  const texts = suggestions.map((s) => `${before}${s.slice(s.lastIndexOf('#') + 1)}${after}`);
  return rewrites(
    uri,
    ref,
    texts.map((text) => ({ title: `Change to \`${text}\` (did you mean?)`, text })),
    diagnostic,
    true,
  );
}

/** One action per document defining an ambiguous bare id: the reference names it. */
export function nameTheDocumentActions(
  uri: string,
  ref: { text: string; range: Range },
  candidates: readonly string[],
  diagnostic?: Diagnostic,
): CodeAction[] {
  const { after } = cut(ref.text);
  const texts = candidates.map((address) => `${address}${after}`);
  return rewrites(
    uri,
    ref,
    texts.map((text) => ({ title: `Name the document: \`${text}\``, text })),
    diagnostic,
    false,
  );
}

const short = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Re-stamps a stale pin; the title quotes the fact as it reads now. */
// @implements lsp#REPIN-SHOWS-TEXT
export function repinAction(
  uri: string,
  ref: { text: string; range: Range },
  fact: Fact,
  pin: string,
  diagnostic?: Diagnostic,
): CodeAction | undefined {
  const tilde = ref.text.lastIndexOf('~');
  if (tilde === -1) return undefined;
  const start = { line: ref.range.start.line, character: ref.range.start.character + tilde + 1 };
  const edit = { range: { start, end: ref.range.end }, newText: pin };
  const title = `Re-pin ${fact.address} to ~${pin}, reviewed against its text now: “${short(fact.text)}”`;
  return action(title, uri, [edit], diagnostic, true);
}

/** Appends a todo test stub citing the fact to a test file. */
export function stubAction(
  target: { uri: string; file: string; lines: LineMap },
  fact: Fact,
  stub: string,
  diagnostic?: Diagnostic,
): CodeAction {
  const end = target.lines.positionAt(target.lines.text.length);
  const edit = { range: { start: end, end }, newText: appended(target.lines.text, stub) };
  return action(
    `Add a todo test stub citing @verifies ${fact.address} to ${target.file}`,
    target.uri,
    [edit],
    diagnostic,
    false,
  );
}
