/**
 * Resolving a citation's reference against the loaded facts: by address,
 * by bare id while unique, by `spec://…/DOC#ID`; plus pin comparison and
 * did-you-mean suggestions. Pure.
 */

import { Suggester } from '../reader/did-you-mean.ts';
import type { Fact, Section, SpecDocument, SpecSet, Status } from '../reader/model.ts';
import { digestOf } from '../reader/text.ts';
import { type ProgressScope, vibevmDocPath } from './profiles/vibevm.ts';

/**
 * How `spec://` addresses map to loaded documents (vibevm's model): the
 * project's own namespace, and external namespaces whose documents were
 * loaded under a doc-name prefix (or whose root is not on disk).
 */
export interface Addressing {
  /** The `spec://NAMESPACE/…` of this project's own specs. */
  namespace?: string;
  external?: ExternalNamespace[];
  /** `vibevm`: names, revision lines and verdicts as vibevm's tools read them (checks/profiles/vibevm.ts). */
  profile?: 'vibevm';
  /** Under the vibevm profile, the spec files its progress gate observes. */
  progressScope?: ProgressScope;
  /** Under the vibevm profile, its `spec_roots`: the documents its section checks measure. */
  specRoots?: string[];
  /** Under the vibevm profile, the long-section threshold in force (0: the tree's engine has no such check). */
  maxSectionLines?: number;
  /** Under the vibevm profile, false when the tree's gate has no resolve gate: an unresolved citation then fails nowhere. */
  resolveGate?: boolean;
}

export interface ExternalNamespace {
  namespace: string;
  /** Spec root as configured, for messages. */
  root: string;
  /** Doc names of this namespace's documents start with this (`NAMESPACE/`). */
  docPrefix: string;
  /** False when the root is not in the repository: its addresses cannot resolve. */
  present: boolean;
}

export interface FactIndex {
  byAddress: Map<string, Fact>;
  /** Document name → id → fact (the first definition): a lookup without building the address string. */
  byDocId: Map<string, Map<string, Fact>>;
  byId: Map<string, Fact[]>;
  docs: Map<string, SpecDocument>;
  addresses: string[];
  /**
   * Another spelling of a document (canonical short id, namespaced path, a
   * trailing part of its canonical path) → its doc name; null when two
   * documents share the spelling, which then names neither.
   */
  aliases: Map<string, string | null>;
  /** An alias two or more documents share (null in `aliases`) → those documents. */
  sharedAliases: Map<string, string[]>;
  /** Addresses of heading units (`## Title {#anchor}`), which resolve like facts. */
  headings: Set<string>;
  /** A document name some document's `@aliases:` line declares → the documents declaring it. */
  absorbedBy: Map<string, string[]>;
  addressing: Addressing;
  /** Did-you-mean over ids and addresses, built on first use. */
  suggesters: { ids?: Suggester; addresses?: Suggester; byDoc?: Map<string, Suggester> };
}

/**
 * vibevm addresses a document by its canonical short id: the stem's leading
 * `PREFIX-NNN` (`PROP-005-package-index.md` → `PROP-005`), its folders kept.
 */
export function canonicalDocPath(doc: string, profile?: 'vibevm'): string {
  if (profile === 'vibevm') return vibevmDocPath(doc);
  const slash = doc.lastIndexOf('/');
  const stem = doc.slice(slash + 1);
  const m = /^([A-Z][A-Z0-9]*-[0-9]+)-/.exec(stem);
  return m ? `${doc.slice(0, slash + 1)}${m[1]}` : doc;
}

/** The namespace a document belongs to and its path inside it. */
export function namespaceOf(doc: string, addressing: Addressing): { namespace?: string; path: string } {
  for (const ext of addressing.external ?? []) {
    if (doc.startsWith(ext.docPrefix))
      return { namespace: ext.namespace, path: doc.slice(ext.docPrefix.length) };
  }
  return addressing.namespace === undefined ? { path: doc } : { namespace: addressing.namespace, path: doc };
}

/** `spec://NAMESPACE/DOC#ANCHOR` of a unit, when its document has a namespace. */
export function unitUri(doc: string, anchor: string, addressing: Addressing): string | undefined {
  const { namespace, path } = namespaceOf(doc, addressing);
  return namespace === undefined
    ? undefined
    : `spec://${namespace}/${canonicalDocPath(path, addressing.profile)}#${anchor}`;
}

/** The status a heading unit carries: its own section marker, else the enclosing ones', else the document's. */
function headingStatus(doc: SpecDocument, index: number): Status {
  let depth = Number.POSITIVE_INFINITY;
  for (let j = index; j >= 0; j--) {
    const section = doc.sections[j]!;
    if (section.depth >= depth) continue;
    depth = section.depth;
    if (section.status) return { ...section.status, origin: 'section' };
  }
  return doc.status
    ? { ...doc.status, origin: 'document' }
    : { stage: 'spec', state: 'work', origin: 'default' };
}

/** A heading with an explicit `{#anchor}` as a citable unit (a service unit: it needs no evidence itself). */
export function headingUnit(doc: SpecDocument, section: Section, index: number): Fact {
  return {
    id: section.anchor,
    doc: doc.doc,
    address: `${doc.doc}#${section.anchor}`,
    file: doc.file,
    line: section.line,
    column: 1,
    endLine: section.line,
    factClass: 'service',
    unit: 'heading',
    status: headingStatus(doc, index),
    text: section.title,
    digest: digestOf(section.title),
    codes: [],
    section: section.anchor,
    ...(section.kindLine ? { kindLine: section.kindLine } : {}),
    ...(section.contentHash ? { contentHash: section.contentHash } : {}),
  };
}

// @implements trace#HEADING-UNITS
export function indexFacts(set: SpecSet, addressing: Addressing = {}): FactIndex {
  const byAddress = new Map<string, Fact>();
  const byId = new Map<string, Fact[]>();
  const docs = new Map<string, SpecDocument>();
  const byDocId = new Map<string, Map<string, Fact>>();
  const aliases = new Map<string, string | null>();
  const sharedAliases = new Map<string, string[]>();
  const docs0 = new Set(set.documents.map((d) => d.doc));
  const headings = new Set<string>();
  const absorbedBy = new Map<string, string[]>();
  const add = (fact: Fact): void => {
    // The first definition wins; the duplicate is the reader's diagnostic.
    if (byAddress.has(fact.address)) return;
    byAddress.set(fact.address, fact);
    let ids = byDocId.get(fact.doc);
    if (ids === undefined) {
      ids = new Map();
      byDocId.set(fact.doc, ids);
    }
    ids.set(fact.id, fact);
    const list = byId.get(fact.id);
    if (list === undefined) byId.set(fact.id, [fact]);
    else list.push(fact);
  };
  for (const doc of set.documents) {
    docs.set(doc.doc, doc);
    const { namespace, path } = namespaceOf(doc.doc, addressing);
    const canonical = canonicalDocPath(path, addressing?.profile);
    if (canonical !== path) aliases.set(canonical, doc.doc);
    // `modules/idx/PROP-005` for `vendor/spec/modules/idx/PROP-005-index`: the trailing parts of the
    // canonical path, as a spec:// path names them when no namespace says where the root is.
    const parts = canonical.split('/');
    for (let i = 1; i < parts.length; i++) {
      const tail = parts.slice(i).join('/');
      if (docs0.has(tail) || aliases.get(tail) === doc.doc) continue;
      if (aliases.has(tail)) {
        const first = aliases.get(tail);
        sharedAliases.set(tail, [...(sharedAliases.get(tail) ?? (first ? [first] : [])), doc.doc]);
      }
      aliases.set(tail, aliases.has(tail) ? null : doc.doc);
    }
    if (namespace !== undefined) {
      aliases.set(`${namespace}/${canonical}`, doc.doc);
      aliases.set(`${namespace}/${path}`, doc.doc);
    }
    for (const old of doc.aliases ?? []) absorbedBy.set(old, [...(absorbedBy.get(old) ?? []), doc.doc]);
    for (const fact of doc.facts) add(fact);
    doc.sections.forEach((section, i) => {
      if (!section.explicitAnchor) return;
      const address = `${doc.doc}#${section.anchor}`;
      if (byAddress.has(address)) return;
      headings.add(address);
      add(headingUnit(doc, section, i));
    });
  }
  return {
    byAddress,
    byDocId,
    byId,
    docs,
    addresses: [...byAddress.keys()],
    aliases,
    sharedAliases,
    headings,
    absorbedBy,
    addressing,
    suggesters: {},
  };
}

export type Resolution =
  /** `movedFrom`: the document the reference names, which no longer holds the fact (an alias led to it). */
  | { kind: 'fact'; fact: Fact; movedFrom?: string }
  | { kind: 'unknown'; suggestions: string[]; reason: string }
  /** The address names a namespace that is neither ours nor a configured external one. */
  | { kind: 'other-namespace'; reason: string }
  /** `documents`: when a document alias is what is ambiguous, the documents it names. */
  | { kind: 'ambiguous'; candidates: string[]; documents?: string[] };

/** A document name as written (path, canonical short id or namespaced path) → the loaded doc name. */
function docNamed(name: string, index: FactIndex): string | undefined {
  if (index.docs.has(name)) return name;
  return index.aliases.get(name) ?? index.aliases.get(name.replace(/\.md$/, '')) ?? undefined;
}

type UrlDoc = { doc: string } | { missing: string; namespace?: boolean };

/**
 * `spec://NAMESPACE/DOC#ID`: the namespace picks the spec root (this
 * project's `namespace`, or a configured external one) and DOC is the path
 * (or canonical short id) inside it. Any other namespace is unknown: a
 * document of ours whose path ends the same way never stands in.
 */
// @implements trace#ADDRESS-FORMS
// @implements trace#NAMESPACES-RESOLVE-EXACTLY
function docFromUrl(url: string, index: FactIndex): UrlDoc {
  const path = url.replace(/^spec:\/\//, '');
  const { namespace, external = [] } = index.addressing;
  for (const ext of external) {
    if (!path.startsWith(`${ext.namespace}/`)) continue;
    if (!ext.present) {
      return {
        missing: `namespace \`${ext.namespace}\` maps to \`${ext.root}\`, which is not in this repository (install it, or fix external_specs)`,
      };
    }
    const doc = docNamed(`${ext.docPrefix}${path.slice(ext.namespace.length + 1)}`, index);
    return doc
      ? { doc }
      : {
          missing: `namespace \`${ext.namespace}\` has no document \`${path.slice(ext.namespace.length + 1)}\``,
        };
  }
  if (namespace !== undefined && path.startsWith(`${namespace}/`)) {
    const rest = path.slice(namespace.length + 1);
    const doc = docNamed(rest, index);
    return doc ? { doc } : { missing: `no loaded spec is named \`${rest}\` in namespace \`${namespace}\`` };
  }
  // Neither ours nor a configured external namespace: never a document that merely ends the same way.
  const known = [namespace, ...external.map((e) => e.namespace)].filter((n) => n !== undefined);
  const written = path.split('/')[0] ?? '';
  return {
    namespace: true,
    missing:
      known.length > 0
        ? `namespace \`${written}\` of \`${url}\` is neither this project's nor a configured external one (known: ${known.join(', ')})`
        : `namespace \`${written}\` of \`${url}\` is unknown: this project names no namespace of its own and no external one`,
  };
}

// @implements trace#GATE-REFERENCE-FORMS
export function resolveRef(ref: { doc?: string; id: string }, index: FactIndex): Resolution {
  if (ref.doc !== undefined) {
    let doc: string | undefined;
    let missing: string | undefined;
    if (ref.doc.startsWith('spec://')) {
      const found = docFromUrl(ref.doc, index);
      if ('doc' in found) doc = found.doc;
      else if (found.namespace) return { kind: 'other-namespace', reason: found.missing };
      else missing = found.missing;
    } else {
      doc = docNamed(ref.doc, index);
      const shared = doc === undefined ? sharedAlias(ref.doc, index) : undefined;
      if (shared !== undefined) {
        return { kind: 'ambiguous', candidates: candidatesIn(shared, ref.id, index), documents: shared };
      }
      if (doc === undefined) missing = `no loaded spec is named \`${ref.doc}\``;
    }
    const fact = doc === undefined ? undefined : index.byDocId.get(doc)?.get(ref.id);
    if (fact) return { kind: 'fact', fact };
    if (!ref.doc.startsWith('spec://')) {
      const moved = movedFact(ref.doc.replace(/\.md$/, ''), ref.id, index);
      if (moved !== undefined) return moved;
    }
    const reason = missing ?? `\`${doc}\` has no fact or anchored heading \`${ref.id}\``;
    return {
      kind: 'unknown',
      reason,
      suggestions: doc === undefined ? [] : suggestInDoc(doc, ref.id, index),
    };
  }
  const facts = index.byId.get(ref.id) ?? [];
  if (facts.length === 1) return { kind: 'fact', fact: facts[0]! };
  if (facts.length > 1) return { kind: 'ambiguous', candidates: facts.map((f) => f.address).sort() };
  return {
    kind: 'unknown',
    reason: `no loaded spec has a fact \`${ref.id}\``,
    suggestions: suggest(ref.id, index),
  };
}

/**
 * `OLD#ID` where OLD no longer holds ID: the fact ID of the document whose
 * `@aliases:` line names OLD. Only facts move: an old heading address never
 * lands on a new document's section of the same anchor.
 */
// @implements trace#MOVED-FACT-RESOLVES
function movedFact(old: string, id: string, index: FactIndex): Resolution | undefined {
  const found: Fact[] = [];
  for (const doc of index.absorbedBy.get(old) ?? []) {
    const fact = index.byDocId.get(doc)?.get(id);
    if (fact !== undefined && fact.unit !== 'heading') found.push(fact);
  }
  if (found.length === 1) return { kind: 'fact', fact: found[0]!, movedFrom: old };
  if (found.length > 1) {
    return {
      kind: 'ambiguous',
      candidates: found.map((f) => f.address).sort(),
      documents: found.map((f) => f.doc),
    };
  }
  return undefined;
}

/** The documents an alias names when more than one does. */
function sharedAlias(name: string, index: FactIndex): string[] | undefined {
  return index.sharedAliases.get(name) ?? index.sharedAliases.get(name.replace(/\.md$/, ''));
}

/** The addresses a reference through a shared alias could mean: its id in each document that has it, else each document. */
// @implements trace#AMBIGUOUS-ALIAS
function candidatesIn(docs: string[], id: string, index: FactIndex): string[] {
  const having = docs.filter((d) => index.byDocId.get(d)?.has(id));
  return (having.length > 0 ? having : docs).map((d) => `${d}#${id}`).sort();
}

/** Parses a reference typed on the command line (`DOC#ID`, `ID`, with or without pin). */
export function parseRefArgument(text: string): { doc?: string; id: string; pin?: string } | undefined {
  const m = /^(?:(.+)#)?([A-Za-z][A-Za-z0-9_-]*)(?:~([0-9a-fA-F]{8}|r[0-9]+))?$/.exec(text.trim());
  if (!m) return undefined;
  const out: { doc?: string; id: string; pin?: string } = { id: m[2]! };
  if (m[1] !== undefined) out.doc = m[1];
  if (m[3] !== undefined) out.pin = m[3].toLowerCase();
  return out;
}

/** A document's sections by line and anchor: the first of each, and the first with an explicit anchor. */
interface SectionIndex {
  size: number;
  first: Map<string, Section>;
  explicit: Map<string, Section>;
}

const sectionIndexes = new WeakMap<Section[], SectionIndex>();

/**
 * The first section of `doc` at `line` with anchor `anchor` (with an explicit
 * `{#anchor}` when `explicit`), as `doc.sections.find` would give it, from an
 * index built once per sections list: a vibevm trace asks this for every
 * heading unit, and a search of the list each time made that quadratic in a
 * document's headings. A list that has grown since is indexed again.
 */
export function ownSection(
  doc: SpecDocument,
  anchor: string,
  line: number,
  explicit = false,
): Section | undefined {
  const sections = doc.sections;
  let index = sectionIndexes.get(sections);
  if (index === undefined || index.size !== sections.length) {
    index = { size: sections.length, first: new Map(), explicit: new Map() };
    for (const s of sections) {
      const key = `${s.line}#${s.anchor}`;
      if (!index.first.has(key)) index.first.set(key, s);
      if (s.explicitAnchor && !index.explicit.has(key)) index.explicit.set(key, s);
    }
    sectionIndexes.set(sections, index);
  }
  return (explicit ? index.explicit : index.first).get(`${line}#${anchor}`);
}

/**
 * The revision of the kind line governing a fact: its section's, else the
 * nearest enclosing one's. Under the vibevm profile, only a heading's own
 * lead kind line (the first non-blank line under it), never inherited.
 */
export function kindRevision(
  fact: Fact,
  doc: SpecDocument | undefined,
  profile?: 'vibevm',
): number | undefined {
  if (!doc) return undefined;
  if (profile === 'vibevm') {
    // @implements vibevm#REVISION-LINES
    return ownSection(doc, fact.id, fact.line, true)?.leadKind?.revision;
  }
  const i = doc.sections.findIndex((s) => s.anchor === fact.section);
  if (i === -1) return undefined;
  let depth = Number.POSITIVE_INFINITY;
  for (let j = i; j >= 0; j--) {
    const section = doc.sections[j]!;
    if (section.depth >= depth) continue;
    depth = section.depth;
    if (section.kindLine) return section.kindLine.revision;
  }
  return undefined;
}

/**
 * The pin a citation of this fact should carry now, in the same form as
 * `oldPin` when that form still exists: a revision pin on a fact no kind line
 * governs any more has no revision to move to, so it becomes a digest pin
 * (otherwise `check` would call it stale and `pin` could never clear it).
 */
export function currentPin(
  fact: Fact,
  doc: SpecDocument | undefined,
  oldPin?: string,
  profile?: 'vibevm',
): string {
  if (oldPin !== undefined && /^r[0-9]+$/.test(oldPin)) {
    const rev = kindRevision(fact, doc, profile);
    if (rev !== undefined) return `r${rev}`;
  }
  return fact.digest.slice(0, 8);
}

/** Whether a pin still matches the fact (digest prefix or kind revision). */
export function pinMatches(
  pin: string,
  fact: Fact,
  doc: SpecDocument | undefined,
  profile?: 'vibevm',
): boolean {
  return currentPin(fact, doc, pin, profile) === pin;
}

/** Up to three nearest ids of one document, as addresses. */
function suggestInDoc(doc: string, id: string, index: FactIndex): string[] {
  index.suggesters.byDoc ??= new Map();
  let suggester = index.suggesters.byDoc.get(doc);
  if (suggester === undefined) {
    suggester = new Suggester([...(index.byDocId.get(doc)?.keys() ?? [])]);
    index.suggesters.byDoc.set(doc, suggester);
  }
  return suggester.nearest(id).map((x) => `${doc}#${x}`);
}

/**
 * Up to three nearest addresses (or ids, for a bare reference), closest
 * first. Answered from an n-gram index built once per run, so ten thousand
 * unknown citations cost about what a clean run costs.
 */
// @implements reader#DID-YOU-MEAN-BOUNDED
export function suggest(wanted: string, index: FactIndex): string[] {
  if (!wanted.includes('#')) {
    index.suggesters.ids ??= new Suggester([...index.byId.keys()]);
    return index.suggesters.ids.nearest(wanted);
  }
  index.suggesters.addresses ??= new Suggester(index.addresses);
  return index.suggesters.addresses.nearest(wanted);
}
