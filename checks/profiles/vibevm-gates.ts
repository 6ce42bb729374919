/**
 * vibevm's two gates beside its resolve gate and progress lints, both run by
 * its `specmap --check` (tools/self-check.sh runs `cargo xtask specmap
 * --check`): the orphan ratchet (every public item of a gated crate carries
 * an edge) and freshness (the committed `specmap.json` is what the engine
 * would write now). The engine (engine/gate/vibevm-gates.ts) reads the code's
 * public surface and the committed map; this module judges them. Pure.
 */
import type { Finding, JudgedCitation, UnitEntry } from '../model.ts';
import { orphanItem } from '../rules/orphan-item.ts';
import { staleSpecmap } from '../rules/stale-specmap.ts';
import type { ModuleSurface } from '../scan/rust-items.ts';

/** One Rust file of a crate the ratchet gates, with its public surface. */
export interface GatedFile {
  crate: string;
  file: string;
  surface: ModuleSurface;
  /** Lines of attributes on `impl` blocks: a citation there tags the impl, no item. */
  implAttributeLines: ReadonlySet<number>;
}

export interface Disposition {
  symbol: string;
  debt: string;
}

/** The committed map's units and edges, as vibevm's specmap writes them. */
export interface CommittedMap {
  file: string;
  units: { uri: string; file: string; line: number; revision?: number }[];
  edges: { file: string; line: number; verb: string; uri: string; pinned_r?: number }[];
}

/** What the engine reads for these gates (engine/gate/vibevm-gates.ts). */
export interface VibevmGateData {
  gated: GatedFile[];
  dispositioned: Disposition[];
  /** Undefined when the tree commits no specmap.json. */
  map: CommittedMap | undefined;
  /** The config file (specmap.toml), where a missing map is reported. */
  config: string;
  /** Whether a line of a file lies inside a Rust macro call's body, where vibevm's scanner reads nothing. */
  insideMacroBody(file: string, line: number): boolean;
}

/**
 * vibevm's orphan ratchet: in each gated file, a module whose own symbol is
 * tagged (a `scope!`) covers everything in it; otherwise each public item
 * whose symbol no citation names is an orphan. An orphan dispositioned in
 * specmap.toml is an info finding; any other is an error.
 */
// @implements vibevm#ORPHAN-RATCHET
export function orphanFindings(
  files: readonly GatedFile[],
  citations: readonly JudgedCitation[],
  dispositioned: readonly Disposition[],
): Finding[] {
  const implLines = new Map(files.map((f) => [f.file, f.implAttributeLines]));
  const tagged = new Set<string>();
  for (const c of citations) {
    if (c.symbol === undefined || !c.file.endsWith('.rs')) continue;
    // factline names an impl block after its type; vibevm names it `<impl …>`, which tags no item.
    if (implLines.get(c.file)?.has(c.line)) continue;
    tagged.add(c.symbol);
  }
  const debts = new Map(dispositioned.map((d) => [d.symbol, d.debt]));
  const out: Finding[] = [];
  const visit = (f: GatedFile, m: ModuleSurface) => {
    if (tagged.has(m.symbol)) return;
    for (const item of m.items) {
      if (tagged.has(item.symbol)) continue;
      const debt = debts.get(item.symbol);
      out.push({
        rule: orphanItem.id,
        severity: debt === undefined ? 'error' : 'info',
        file: f.file,
        line: item.line,
        column: 1,
        message:
          debt === undefined
            ? `\`${item.symbol}\` (${item.kind}) is a public item of gated crate \`${f.crate}\` with no spec edge (vibevm's orphan ratchet)`
            : `\`${item.symbol}\` (${item.kind}) has no spec edge; dispositioned as ${debt}, so it does not fail`,
        fix: orphanItem.meta.fix,
      });
    }
    for (const sub of m.modules) visit(f, sub);
  };
  for (const f of files) visit(f, f.surface);
  return out;
}

/**
 * vibevm's freshness gate, over what factline reads: the committed map's
 * units (uri, file, line, revision) and edges (file, line, verb, address,
 * pin) against the units and citations of this run. An edge only factline
 * sees inside a macro call's body is not drift: vibevm's scanner cannot read
 * there (`outsideItsReach`). One error at the map's first line, counting the
 * drift and naming the first few entries.
 */
// @implements vibevm#MAP-FRESHNESS
export function staleMapFindings(
  map: CommittedMap,
  units: readonly UnitEntry[],
  citations: readonly JudgedCitation[],
  namespace: string,
  outsideItsReach: (file: string, line: number) => boolean,
): Finding[] {
  const host = `spec://${namespace}/`;
  const unitKey = (u: { uri: string; file: string; line: number; revision?: number }) =>
    `unit ${u.uri} @${u.file}:${u.line}${u.revision === undefined ? '' : ` r${u.revision}`}`;
  const ours = new Set(
    units.filter((u): u is UnitEntry & { uri: string } => u.uri?.startsWith(host) === true).map(unitKey),
  );
  const theirs = new Set(map.units.map(unitKey));
  const edgeKey = (file: string, line: number, verb: string, uri: string, pin: string | undefined) =>
    `edge ${file}:${line} ${verb} ${uri}${pin === undefined ? '' : ` ${pin}`}`;
  const ourEdges = new Set<string>();
  for (const c of citations) {
    if (c.uri === undefined) continue;
    const pin = c.pin !== undefined && /^r\d+$/.test(c.pin) ? c.pin : undefined;
    const key = edgeKey(c.file, c.line, c.verb === 'scope' ? 'implements' : c.verb, c.uri, pin);
    ourEdges.add(key);
  }
  const theirEdges = new Set(
    map.edges.map((e) =>
      edgeKey(e.file, e.line, e.verb, e.uri, e.pinned_r === undefined ? undefined : `r${e.pinned_r}`),
    ),
  );
  const added = [...ours].filter((k) => !theirs.has(k));
  const gone = [...theirs].filter((k) => !ours.has(k));
  const edgesAdded = [...ourEdges].filter((k) => {
    if (theirEdges.has(k)) return false;
    const at = /^edge (.+):(\d+) /.exec(k)!;
    return !outsideItsReach(at[1]!, Number(at[2]));
  });
  const edgesGone = [...theirEdges].filter((k) => !ourEdges.has(k));
  const drift = [
    ...added.map((k) => `+${k}`),
    ...gone.map((k) => `-${k}`),
    ...edgesAdded.map((k) => `+${k}`),
    ...edgesGone.map((k) => `-${k}`),
  ];
  if (drift.length === 0) return [];
  const counts = [
    `${added.length} unit(s) the map lacks`,
    `${gone.length} unit(s) the tree no longer has there`,
    `${edgesAdded.length} edge(s) the map lacks`,
    `${edgesGone.length} edge(s) the tree no longer has`,
  ];
  const shown = drift.slice(0, 3).join('; ');
  return [
    {
      rule: staleSpecmap.id,
      severity: 'error',
      file: map.file,
      line: 1,
      column: 1,
      message: `${map.file} is out of date relative to the tree: ${counts.join(', ')} (${shown}${drift.length > 3 ? '; …' : ''})`,
      fix: staleSpecmap.meta.fix,
    },
  ];
}

/**
 * A tree that commits no specmap.json: vibevm's `--check` stops there (it has
 * nothing to compare); factline, which cannot write vibevm's map, says so as
 * a warning and judges the rest.
 */
// @implements vibevm#MAP-FRESHNESS
export function missingMapFinding(config: string): Finding {
  return {
    rule: staleSpecmap.id,
    severity: 'warning',
    file: config,
    line: 1,
    column: 1,
    message: "no specmap.json is committed beside it: vibevm's `specmap --check` fails until one is written",
    fix: "write the map with vibevm's specmap engine (`cargo xtask specmap`) and commit it",
  };
}
