/**
 * Resolving a citation's reference against the loaded facts: by address,
 * by bare id while unique, by `spec://…/DOC#ID`; plus pin comparison and
 * did-you-mean suggestions. Pure.
 */
import type { Fact, SpecDocument, SpecSet } from '../reader/model.ts';

export interface FactIndex {
  byAddress: Map<string, Fact>;
  /** Document name → id → fact (the first definition): a lookup without building the address string. */
  byDocId: Map<string, Map<string, Fact>>;
  byId: Map<string, Fact[]>;
  docs: Map<string, SpecDocument>;
  addresses: string[];
}

export function indexFacts(set: SpecSet): FactIndex {
  const byAddress = new Map<string, Fact>();
  const byId = new Map<string, Fact[]>();
  const docs = new Map<string, SpecDocument>();
  const byDocId = new Map<string, Map<string, Fact>>();
  for (const doc of set.documents) {
    docs.set(doc.doc, doc);
    for (const fact of doc.facts) {
      // The first definition wins; the duplicate is the reader's diagnostic.
      if (!byAddress.has(fact.address)) {
        byAddress.set(fact.address, fact);
        let ids = byDocId.get(fact.doc);
        if (ids === undefined) {
          ids = new Map();
          byDocId.set(fact.doc, ids);
        }
        ids.set(fact.id, fact);
      }
      const list = byId.get(fact.id) ?? [];
      if (!list.some((f) => f.address === fact.address)) list.push(fact);
      byId.set(fact.id, list);
    }
  }
  return { byAddress, byDocId, byId, docs, addresses: [...byAddress.keys()] };
}

export type Resolution =
  | { kind: 'fact'; fact: Fact }
  | { kind: 'unknown'; suggestions: string[]; reason: string }
  | { kind: 'ambiguous'; candidates: string[] };

/** `spec://host/a/b/DOC#ID`: the longest path suffix that names a loaded document. */
function docFromUrl(url: string, index: FactIndex): string | undefined {
  const parts = url
    .replace(/^spec:\/\//, '')
    .split('/')
    .filter((p) => p !== '');
  for (let i = 0; i < parts.length; i++) {
    const candidate = parts.slice(i).join('/').replace(/\.md$/, '');
    if (index.docs.has(candidate)) return candidate;
  }
  return undefined;
}

// @implements factline#GATE-REFERENCE-FORMS
export function resolveRef(ref: { doc?: string; id: string }, index: FactIndex): Resolution {
  if (ref.doc !== undefined) {
    const doc = ref.doc.startsWith('spec://') ? docFromUrl(ref.doc, index) : ref.doc;
    const fact = doc === undefined ? undefined : index.byDocId.get(doc)?.get(ref.id);
    if (fact) return { kind: 'fact', fact };
    const reason =
      doc === undefined || !index.docs.has(doc)
        ? `no loaded spec is named \`${doc ?? ref.doc}\``
        : `\`${doc}\` has no fact \`${ref.id}\``;
    return { kind: 'unknown', reason, suggestions: suggest(`${doc ?? ''}#${ref.id}`, index) };
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

/** Parses a reference typed on the command line (`DOC#ID`, `ID`, with or without pin). */
export function parseRefArgument(text: string): { doc?: string; id: string; pin?: string } | undefined {
  const m = /^(?:(.+)#)?([A-Za-z][A-Za-z0-9_-]*)(?:~([0-9a-fA-F]{8}|r[0-9]+))?$/.exec(text.trim());
  if (!m) return undefined;
  const out: { doc?: string; id: string; pin?: string } = { id: m[2]! };
  if (m[1] !== undefined) out.doc = m[1];
  if (m[3] !== undefined) out.pin = m[3].toLowerCase();
  return out;
}

/** The revision of the kind line governing a fact: its section's, else the nearest enclosing one's. */
export function kindRevision(fact: Fact, doc: SpecDocument | undefined): number | undefined {
  if (!doc) return undefined;
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
export function currentPin(fact: Fact, doc: SpecDocument | undefined, oldPin?: string): string {
  if (oldPin !== undefined && /^r[0-9]+$/.test(oldPin)) {
    const rev = kindRevision(fact, doc);
    if (rev !== undefined) return `r${rev}`;
  }
  return fact.digest.slice(0, 8);
}

/** Whether a pin still matches the fact (digest prefix or kind revision). */
export function pinMatches(pin: string, fact: Fact, doc: SpecDocument | undefined): boolean {
  return currentPin(fact, doc, pin) === pin;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length]!;
}

/** Up to three nearest addresses (or ids, for a bare reference), closest first. */
export function suggest(wanted: string, index: FactIndex): string[] {
  const bare = !wanted.includes('#');
  const target = bare ? wanted : wanted;
  const pool = bare ? [...index.byId.keys()] : index.addresses;
  const limit = Math.max(2, Math.floor(target.length / 3));
  return pool
    .map((c) => ({ c, d: distance(target.toLowerCase(), c.toLowerCase()) }))
    .filter((x) => x.d <= limit)
    .sort((x, y) => x.d - y.d || (x.c < y.c ? -1 : x.c > y.c ? 1 : 0))
    .slice(0, 3)
    .map((x) => x.c);
}
