/**
 * The two questions a chain answers, over a finished trace: what is
 * downstream of a fact (`impact`: the facts refining or deriving from it at
 * any depth, and the code and tests citing any of them), and which facts a
 * line serves (`at`: the facts its citations name, or the spec fact written
 * there, and every fact upstream of those). Pure; the text and JSON forms
 * are rendered here too, so the CLI, MCP and the LSP say the same.
 */
import { reach } from './chain.ts';
import type { FactTrace, JudgedCitation, JudgedLink, TraceResult } from './model.ts';

export interface ChainFact {
  address: string;
  text: string;
  state: string;
  file: string;
  line: number;
  /** Links away from the fact asked about (0: the fact itself). */
  depth: number;
  /** The link that reached it: its kind and the fact it stands on. */
  via?: { kind: string; from: string; to: string };
}

export interface CitationSite {
  fact: string;
  verb: string;
  file: string;
  line: number;
  column: number;
  symbol?: string;
  test?: string;
  counted: boolean;
}

export interface Impact {
  fact: ChainFact;
  downstream: ChainFact[];
  code: CitationSite[];
  tests: CitationSite[];
}

function chainFact(t: FactTrace, depth: number, via?: JudgedLink): ChainFact {
  return {
    address: t.address,
    text: t.text,
    state: t.state,
    file: t.file,
    line: t.line,
    depth,
    ...(via ? { via: { kind: via.kind, from: via.from, to: via.resolved! } } : {}),
  };
}

function site(c: JudgedCitation): CitationSite {
  return {
    fact: c.resolved!,
    verb: c.verb,
    file: c.file,
    line: c.line,
    column: c.column,
    ...(c.symbol !== undefined ? { symbol: c.symbol } : {}),
    ...(c.testName !== undefined ? { test: c.testName } : {}),
    counted: c.counted,
  };
}

/** What changing `address` reaches: downstream facts, and the code and tests citing it or any of them. */
// @implements chains#IMPACT-QUERY
export function impactOf(result: TraceResult, address: string): Impact | undefined {
  const byAddress = new Map(result.facts.map((f) => [f.address, f]));
  const self = byAddress.get(address);
  if (self === undefined) return undefined;
  const downstream = reach(address, result.links ?? [], 'down').flatMap((r) => {
    const t = byAddress.get(r.address);
    return t ? [chainFact(t, r.depth, r.via)] : [];
  });
  const reached = new Set([address, ...downstream.map((f) => f.address)]);
  const cited = result.citations.filter((c) => c.resolved !== undefined && reached.has(c.resolved));
  return {
    fact: chainFact(self, 0),
    downstream,
    code: cited.filter((c) => c.verb !== 'verifies').map(site),
    tests: cited.filter((c) => c.verb === 'verifies').map(site),
  };
}

export interface ServedAt {
  file: string;
  line: number;
  /** The citations that apply to the line (empty for a spec line). */
  citations: CitationSite[];
  /** The facts the line serves directly: those cited, or the spec fact written there. */
  direct: ChainFact[];
  /** Every fact upstream of those, through refines and derives links. */
  upstream: ChainFact[];
}

/**
 * The facts a line serves. In a spec: the fact whose unit spans the line. In
 * code: the citations that apply to it — the nearest citation at or above
 * the line, with the citations of its comment block (consecutive lines) and
 * every other citation naming the same enclosing declaration.
 */
// @implements chains#AT-QUERY
export function servedAt(
  result: TraceResult,
  file: string,
  line: number,
  endLines?: ReadonlyMap<string, number>,
): ServedAt {
  const byAddress = new Map(result.facts.map((f) => [f.address, f]));
  const direct: ChainFact[] = [];
  let citations: JudgedCitation[] = [];
  const specFact = result.facts.find(
    (f) => f.file === file && f.line <= line && line <= (endLines?.get(f.address) ?? f.line),
  );
  if (specFact !== undefined) direct.push(chainFact(specFact, 0));
  else
    citations = applying(
      result.citations.filter((c) => c.file === file && c.resolved !== undefined),
      line,
    );
  for (const c of citations) {
    const t = byAddress.get(c.resolved!);
    if (t && !direct.some((d) => d.address === t.address)) direct.push(chainFact(t, 0));
  }
  const seen = new Set(direct.map((d) => d.address));
  const upstream: ChainFact[] = [];
  for (const d of direct) {
    for (const r of reach(d.address, result.links ?? [], 'up')) {
      const t = byAddress.get(r.address);
      if (t === undefined || seen.has(t.address)) continue;
      seen.add(t.address);
      upstream.push(chainFact(t, r.depth, r.via));
    }
  }
  return { file, line, citations: citations.map(site), direct, upstream };
}

function applying(inFile: JudgedCitation[], line: number): JudgedCitation[] {
  const above = inFile.filter((c) => c.line <= line);
  if (above.length === 0) return [];
  const nearest = Math.max(...above.map((c) => c.line));
  // The comment block the nearest citation stands in: consecutive citation lines ending there.
  const lines = new Set(above.map((c) => c.line));
  let first = nearest;
  while (lines.has(first - 1)) first--;
  const block = above.filter((c) => c.line >= first);
  const symbols = new Set(block.flatMap((c) => (c.symbol !== undefined ? [c.symbol] : [])));
  return inFile.filter(
    (c) => (c.line >= first && c.line <= nearest) || (c.symbol !== undefined && symbols.has(c.symbol)),
  );
}

const factLine = (f: ChainFact): string =>
  `  ${f.address}  ${f.state}${f.via ? `  (${f.via.from} ${f.via.kind} ${f.via.to}${f.depth > 1 ? `, ${f.depth} links away` : ''})` : ''}  ${f.file}:${f.line}\n      ${f.text}`;

const siteLine = (s: CitationSite): string =>
  `  ${s.file}:${s.line}:${s.column}  @${s.verb} ${s.fact}${s.test ? `  test "${s.test}"` : s.symbol ? `  ${s.symbol}` : ''}${s.counted ? '' : '  [does not count]'}`;

export function renderImpact(i: Impact): string {
  const out = [`${i.fact.address}  ${i.fact.state}  ${i.fact.file}:${i.fact.line}`, `  ${i.fact.text}`, ''];
  out.push(i.downstream.length === 0 ? 'no fact downstream' : `downstream facts (${i.downstream.length}):`);
  out.push(...i.downstream.map(factLine));
  out.push(
    '',
    i.code.length === 0 ? 'no code cites it or them' : `code (${i.code.length}):`,
    ...i.code.map(siteLine),
  );
  out.push(
    '',
    i.tests.length === 0 ? 'no test cites it or them' : `tests (${i.tests.length}):`,
    ...i.tests.map(siteLine),
  );
  return `${out.join('\n')}\n`;
}

export function renderServedAt(s: ServedAt): string {
  const out = [`${s.file}:${s.line}`];
  if (s.direct.length === 0) {
    out.push('  serves no fact: no citation stands at or above this line, and no fact is written here');
    return `${out.join('\n')}\n`;
  }
  if (s.citations.length > 0)
    out.push('', `citations (${s.citations.length}):`, ...s.citations.map(siteLine));
  out.push('', `serves (${s.direct.length}):`, ...s.direct.map(factLine));
  if (s.upstream.length > 0)
    out.push('', `and upstream (${s.upstream.length}):`, ...s.upstream.map(factLine));
  return `${out.join('\n')}\n`;
}
