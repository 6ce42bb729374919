/**
 * factline against vibevm's own record, class by class: what vibevm's
 * specmap committed (`specmap.json`: units, edges with their pins, warnings)
 * and what its gate rules decide from it (the resolve gate, status against
 * evidence), beside what `factline check --config specmap.toml --json` says
 * of the same checkout. Each class counts what both say, what only one says,
 * and what only factline says where the difference is argued for factline
 * (an edge inside a `proptest!` block, which vibevm's scanner cannot see; a
 * unit the committed map places at a line that no longer holds it).
 * Node, picomatch and the rule ids only: bench/vibevm-compare.ts runs it over
 * fetched commits, a system test over ../shared/corpus/vibevm*.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import picomatch from 'picomatch';
import { ambiguousFact } from '../checks/rules/ambiguous-fact.ts';
import { duplicateId } from '../checks/rules/duplicate-id.ts';
import { longSection } from '../checks/rules/long-section.ts';
import { pinIntoUnmarkedUnit } from '../checks/rules/pin-into-unmarked-unit.ts';
import { staleExclude } from '../checks/rules/stale-exclude.ts';
import { statusAgainstEvidence as statusRule } from '../checks/rules/status-against-evidence.ts';
import { unknownFact } from '../checks/rules/unknown-fact.ts';
import { unknownNamespace } from '../checks/rules/unknown-namespace.ts';
import { xmlDialect } from '../checks/rules/xml-dialect.ts';
import { type ModuleSurface, rustSurface } from '../checks/scan/rust-items.ts';

export interface SpecmapJson {
  edges: { file: string; line: number; verb: string; uri: string; pinned_r?: number; from_symbol?: string }[];
  spec_units: {
    uri: string;
    file: string;
    line: number;
    anchor: string;
    revision?: number;
    content_hash?: string;
  }[];
  warnings: { code: string; file: string; line: number; message?: string }[];
}

interface FactlineJson {
  citations: { file: string; line: number; verb: string; uri?: string; pin?: string; ref: string }[];
  units?: {
    uri?: string;
    file: string;
    line: number;
    anchor: string;
    kind: string;
    revision?: number;
    contentHash?: string;
  }[];
  findings: { rule: string; severity: string; file: string; line: number; message: string; fact?: string }[];
}

export interface ClassRow {
  name: string;
  vibevm: number;
  factline: number;
  both: number;
  onlyVibevm: string[];
  onlyFactline: string[];
  /** Only factline's, and argued right (see the module comment). */
  argued: string[];
}

export interface Comparison {
  rows: ClassRow[];
  gate: { vibevmPasses: boolean; factlineExit: number; agree: boolean; why: string };
}

function row(
  name: string,
  ours: Iterable<string>,
  theirs: Iterable<string>,
  argued = (_: string) => false,
): ClassRow {
  const f = new Set(ours);
  const v = new Set(theirs);
  const onlyFactline = [...f].filter((k) => !v.has(k)).sort();
  return {
    name,
    vibevm: v.size,
    factline: f.size,
    both: [...f].filter((k) => v.has(k)).length,
    onlyVibevm: [...v].filter((k) => !f.has(k)).sort(),
    onlyFactline: onlyFactline.filter((k) => !argued(k)),
    argued: onlyFactline.filter(argued),
  };
}

/**
 * A unit factline reads at another line than the committed map records, when
 * the file as it stands holds the unit's anchor at factline's line and not at
 * the map's: the map was not regenerated after the spec changed (vibevm's own
 * freshness gate would call it out of date), and factline reads the file.
 */
function staleInMap(dir: string, key: string, mapLines: Map<string, number[]>): boolean {
  const at = key.lastIndexOf(' @');
  const uri = key.slice(0, at);
  const [file, line] = [key.slice(at + 2, key.lastIndexOf(':')), Number(key.slice(key.lastIndexOf(':') + 1))];
  const theirs = mapLines.get(uri);
  if (theirs === undefined || theirs.includes(line) || !existsSync(join(dir, file))) return false;
  const anchor = uri.slice(uri.lastIndexOf('#') + 1);
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  const holds = (n: number) => {
    const text = lines[n - 1] ?? '';
    return text.includes(`{#${anchor}}`) || text.includes(`@fact:${anchor}`) || text.includes(`##${anchor}`);
  };
  return holds(line) && theirs.every((n) => !holds(n));
}

/** Lines of a Rust file that stand inside a `proptest! { … }` invocation. */
function proptestLines(text: string): Set<number> {
  const inside = new Set<number>();
  const lines = text.split('\n');
  let depth = 0;
  let open = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!open && /\bproptest!\s*\{/.test(line)) {
      open = true;
      depth = 0;
    }
    if (open) {
      inside.add(i + 1);
      for (const ch of line) {
        if (ch === '{') depth++;
        else if (ch === '}') depth--;
      }
      if (depth <= 0 && line.includes('}')) open = false;
    }
  }
  return inside;
}

const asVibevmVerb = (verb: string) => (verb === 'scope' ? 'implements' : verb);
const DANGLING = new Set<string>([unknownFact.id, unknownNamespace.id, ambiguousFact.id]);

/** vibevm's progress scope (crates/progress-core/src/scope.rs), restated for an independent count. */
function progressScope(dir: string): (file: string) => boolean {
  const out = new Set([
    'vibedeps',
    '.vibe',
    'refs',
    'fixtures',
    'campaigns',
    'target',
    'node_modules',
    'vendor',
  ]);
  let include = ['spec/**/*.md', 'spec/**/*.xml', 'packages/**/*.md', 'packages/**/*.xml'];
  let exclude: string[] = [];
  const path = join(dir, 'progress.toml');
  if (existsSync(path)) {
    const text = readFileSync(path, 'utf8');
    const list = (key: string) => {
      const m = new RegExp(`^${key}\\s*=\\s*\\[([\\s\\S]*?)\\]`, 'm').exec(text);
      return m ? [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!) : [];
    };
    const inc = list('include');
    if (inc.length > 0) include = inc;
    exclude = list('exclude');
  }
  const inc = picomatch(include, { dot: true });
  const exc = exclude.length > 0 ? picomatch(exclude, { dot: true }) : () => false;
  return (file) => {
    const parts = file.split('/');
    return (
      !parts.some((p) => out.has(p)) && parts[parts.length - 1] !== 'LICENSE.md' && inc(file) && !exc(file)
    );
  };
}

/**
 * vibevm's status against evidence, restated from its progress report: every
 * `@status:` or `<status>` marker outside fences and inline code, in the
 * progress scope, judged by the innermost heading above it when that heading
 * is anchored and is a unit of the map; evidence is the map's edges on it.
 */
function statusAgainstEvidence(dir: string, map: SpecmapJson): string[] {
  const inScope = progressScope(dir);
  const byUnit = new Map(map.spec_units.map((u) => [`${u.file}#${u.anchor}`, u.uri]));
  const counts = new Map<string, { implements: number; verifies: number }>();
  for (const e of map.edges) {
    const c = counts.get(e.uri) ?? { implements: 0, verifies: 0 };
    if (e.verb === 'implements') c.implements++;
    else if (e.verb === 'verifies') c.verifies++;
    counts.set(e.uri, c);
  }
  const out: string[] = [];
  for (const file of new Set(map.spec_units.map((u) => u.file))) {
    if (!inScope(file) || !existsSync(join(dir, file))) continue;
    const raw = readFileSync(join(dir, file), 'utf8').split('\n');
    const fenced: boolean[] = [];
    let inFence = false;
    for (const line of raw) {
      const boundary = /^\s*(```|~~~)/.test(line);
      fenced.push(inFence || boundary);
      if (boundary) inFence = !inFence;
    }
    // Code spans may run over lines: blank them out (keeping the line breaks) before looking for markers.
    const lines = raw
      .map((line, i) => (fenced[i] ? '' : line))
      .join('\n')
      .replace(/`[^`\n]*(?:\n[^`\n]+)*`/g, (span) => span.replace(/[^\n]/g, ' '))
      .split('\n');
    let heading: string | undefined;
    let headingAnchored = false;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (fenced[i]) continue;
      const h = /^#{1,6} (.*)$/.exec(line.trimEnd());
      if (h) {
        const a = /\{#([^}]+)\}$/.exec(h[1]!);
        heading = a?.[1]?.trim();
        headingAnchored = heading !== undefined;
        continue;
      }
      const prose = line;
      const markers = [
        // `@status:stage/state`, or the older shorthand `@stage/state`.
        ...[...prose.matchAll(/@(?:status:)?(idea|spec|impl|test|freeze)\/([a-z]+)/g)].map((m) => [
          m[1]!,
          m[2]!,
        ]),
        ...[...prose.matchAll(/<status\b[^>]*\bstage="([a-z]+)"[^>]*\bstate="([a-z]+)"/g)].map((m) => [
          m[1]!,
          m[2]!,
        ]),
      ];
      if (markers.length === 0 || !headingAnchored) continue;
      const uri = byUnit.get(`${file}#${heading}`);
      if (uri === undefined) continue;
      const ev = counts.get(uri) ?? { implements: 0, verifies: 0 };
      for (const [stage, state] of markers) {
        if (
          (stage === 'test' && state === 'done' && ev.verifies === 0) ||
          (stage === 'freeze' && ev.implements === 0)
        )
          out.push(`${file}:${i + 1} ${stage}/${state}`);
      }
    }
  }
  return out;
}

/** The comparison of one checkout: factline's JSON and exit code beside vibevm's map. */
// @implements vibevm#COMPARED-WITH-VIBEVM
export function compare(
  dir: string,
  map: SpecmapJson,
  ours: FactlineJson,
  exit: number,
  namespace: string,
  /** A slice of a map (its files only) records some warning codes only: compare just those. */
  options: { onlyRecordedWarnings?: boolean } = {},
): Comparison {
  // vibevm's map holds its own namespace's units only: external specs resolve, never enter it.
  const host = `spec://${namespace}/`;
  const units = (ours.units ?? []).filter((u) => u.uri?.startsWith(host));
  const mapLines = new Map<string, number[]>();
  for (const u of map.spec_units) mapLines.set(u.uri, [...(mapLines.get(u.uri) ?? []), u.line]);
  const rows: ClassRow[] = [];
  rows.push(
    row(
      'units',
      units.map((u) => `${u.uri} @${u.file}:${u.line}`),
      map.spec_units.map((u) => `${u.uri} @${u.file}:${u.line}`),
      (key) => staleInMap(dir, key, mapLines),
    ),
  );
  // A unit the map puts elsewhere: argued for factline when the map is out of date (see staleInMap).
  const units0 = rows[0]!;
  const argued = new Set(units0.argued.map((k) => k.slice(0, k.lastIndexOf(' @'))));
  units0.onlyVibevm = units0.onlyVibevm.filter((k) => !argued.has(k.slice(0, k.lastIndexOf(' @'))));
  const proptest = new Map<string, Set<number>>();
  const inProptest = (key: string) => {
    const file = key.slice(0, key.indexOf(':'));
    const line = Number(key.slice(file.length + 1, key.indexOf(' ')));
    if (!file.endsWith('.rs')) return false;
    let lines = proptest.get(file);
    if (lines === undefined) {
      lines = existsSync(join(dir, file)) ? proptestLines(readFileSync(join(dir, file), 'utf8')) : new Set();
      proptest.set(file, lines);
    }
    return lines.has(line);
  };
  const cited = ours.citations.filter((c) => c.uri !== undefined);
  rows.push(
    row(
      'edges',
      cited.map((c) => `${c.file}:${c.line} ${asVibevmVerb(c.verb)} ${c.uri}`),
      map.edges.map((e) => `${e.file}:${e.line} ${e.verb} ${e.uri}`),
      inProptest,
    ),
  );
  const vibevmUnits = new Set(map.spec_units.map((u) => u.uri));
  rows.push(
    row(
      'revisions',
      units
        .filter((u) => u.revision !== undefined && vibevmUnits.has(u.uri!))
        .map((u) => `${u.uri} r${u.revision}`),
      map.spec_units.filter((u) => u.revision !== undefined).map((u) => `${u.uri} r${u.revision}`),
    ),
  );
  // factline computes vibevm's content hash for the units of `.xml` specs (hashed over their canonical Markdown).
  const hashed = (file: string) => file.endsWith('.xml');
  rows.push(
    row(
      'xml unit hashes',
      units
        .filter((u) => u.contentHash !== undefined)
        .map((u) => `${u.uri} @${u.file}:${u.line} ${u.contentHash}`),
      map.spec_units
        .filter((u) => hashed(u.file))
        .map((u) => `${u.uri} @${u.file}:${u.line} ${u.content_hash}`),
    ),
  );
  const edgeKeys = new Set(map.edges.map((e) => `${e.file}:${e.line} ${e.uri}`));
  rows.push(
    row(
      'pins',
      cited
        .filter(
          (c) => c.pin !== undefined && /^r\d+$/.test(c.pin) && edgeKeys.has(`${c.file}:${c.line} ${c.uri}`),
        )
        .map((c) => `${c.file}:${c.line} ${c.uri} ${c.pin}`),
      map.edges
        .filter((e) => e.pinned_r !== undefined)
        .map((e) => `${e.file}:${e.line} ${e.uri} r${e.pinned_r}`),
    ),
  );
  const uriAt = new Set(cited.map((c) => `${c.file}:${c.line}`));
  const warningOf = (f: FactlineJson['findings'][number]): string | undefined => {
    if (f.rule === pinIntoUnmarkedUnit.id) return `pin-into-unmarked-unit ${f.file}:${f.line}`;
    if (DANGLING.has(f.rule) && uriAt.has(`${f.file}:${f.line}`)) return `dangling-edge ${f.file}:${f.line}`;
    if (f.rule === longSection.id) return `long-section ${f.file}:${f.line}`;
    if (f.rule === staleExclude.id) return `stale-exclude ${f.file} ${/`([^`]+)`/.exec(f.message)?.[1]}`;
    if (f.rule === duplicateId.id) return `duplicate-anchor ${f.file}:${f.line}`;
    if (f.rule === xmlDialect.id) return `xml-dialect ${f.file}:${f.line}`;
    return undefined;
  };
  const theirWarning = (w: SpecmapJson['warnings'][number]) =>
    w.code === staleExclude.id
      ? `stale-exclude ${w.file} ${/`([^`]+)`/.exec(w.message ?? '')?.[1]}`
      : `${w.code} ${w.file}:${w.line}`;
  const recorded = new Set(map.warnings.map((w) => w.code));
  rows.push(
    row(
      'warnings',
      ours.findings
        .map(warningOf)
        .filter((k): k is string => k !== undefined)
        .filter((k) => !options.onlyRecordedWarnings || recorded.has(k.slice(0, k.indexOf(' ')))),
      map.warnings.map(theirWarning),
    ),
  );
  rows.push(
    row(
      'status against evidence',
      ours.findings
        .filter((f) => f.rule === statusRule.id)
        .map((f) => `${f.file}:${f.line} ${/is marked (test\/done|freeze\/[a-z]+)/.exec(f.message)?.[1]}`),
      statusAgainstEvidence(dir, map),
    ),
  );
  // vibevm's resolve gate (in its xtask driver from 2026-08-20): every edge into its own namespace lands on a unit of the map.
  const driver = join(dir, 'xtask/src/specmap.rs');
  const resolveGate = !existsSync(driver) || readFileSync(driver, 'utf8').includes('run_resolve_gate');
  const dangling = map.edges.filter((e) => e.uri.startsWith(host) && !vibevmUnits.has(e.uri)).length;
  const blockers = resolveGate ? dangling : 0;
  // Its freshness gate: a map that places units where the tree no longer holds them is out of date.
  const stale = units0.argued.length;
  const orphans = ratchetOrphans(dir, map);
  const vibevmPasses = blockers === 0 && stale === 0 && orphans.length === 0;
  return {
    rows,
    gate: {
      vibevmPasses,
      factlineExit: exit,
      agree: vibevmPasses === (exit === 0),
      why: `vibevm: resolve gate ${resolveGate ? `${blockers} unresolved host edge(s)` : `not yet in its driver (${dangling} dangling host edge(s) warn)`}; freshness ${stale === 0 ? 'holds' : `fails (${stale} unit(s) moved since the map was written)`}; ratchet ${orphans.length} orphan(s)${orphans.length > 0 ? ` (${orphans.slice(0, 3).join(', ')})` : ''}`,
    },
  };
}

/**
 * vibevm's orphan ratchet restated over the committed map: its tagged set is
 * the map's edges' `from_symbol`s (vibevm's own symbols, not factline's); the
 * public items are read with factline's walker (checks/scan/rust-items.ts).
 * Gated crates: `scan_roots` less `exempt`; dispositioned orphans do not count.
 */
function ratchetOrphans(dir: string, map: SpecmapJson): string[] {
  const path = join(dir, 'specmap.toml');
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const list = (key: string) => {
    const m = new RegExp(`^${key}\\s*=\\s*\\[([\\s\\S]*?)\\]`, 'm').exec(text);
    return m ? [...m[1]!.replace(/#.*$/gm, '').matchAll(/"([^"]+)"/g)].map((x) => x[1]!) : [];
  };
  const exempt = new Set(list('exempt'));
  const debts = new Set([...text.matchAll(/symbol\s*=\s*"([^"]+)"/g)].map((m) => m[1]!));
  const tagged = new Set(map.edges.map((e) => e.from_symbol ?? ''));
  const out: string[] = [];
  for (const root of list('scan_roots')) {
    const crates = root.endsWith('/*')
      ? existsSync(join(dir, root.slice(0, -2)))
        ? readdirSync(join(dir, root.slice(0, -2)), { withFileTypes: true })
            .filter((d) => d.isDirectory())
            .map((d) => `${root.slice(0, -2)}/${d.name}`)
        : []
      : [root];
    for (const crateDir of crates) {
      const crate = crateDir.slice(crateDir.lastIndexOf('/') + 1);
      if (exempt.has(crate) || !existsSync(join(dir, crateDir, 'src'))) continue;
      for (const inCrate of rustFiles(join(dir, crateDir), 'src')) {
        if (inCrate.includes('/generated/')) continue;
        const parts = inCrate.split('/').slice(1);
        const last = parts.pop()!.replace(/\.rs$/, '');
        const module = [
          crate.replace(/-/g, '_'),
          ...parts,
          ...(['lib', 'main', 'mod'].includes(last) ? [] : [last]),
        ].join('::');
        const visit = (m: ModuleSurface) => {
          if (tagged.has(m.symbol)) return;
          for (const item of m.items)
            if (!tagged.has(item.symbol) && !debts.has(item.symbol)) out.push(item.symbol);
          m.modules.forEach(visit);
        };
        visit(rustSurface(readFileSync(join(dir, crateDir, inCrate), 'utf8'), module).module);
      }
    }
  }
  return out;
}

/** `.rs` files under `base/sub`, as paths relative to `base`. */
function rustFiles(base: string, sub: string): string[] {
  const out: string[] = [];
  for (const d of readdirSync(join(base, sub), { withFileTypes: true })) {
    const rel = `${sub}/${d.name}`;
    if (d.isDirectory()) out.push(...rustFiles(base, rel));
    else if (d.name.endsWith('.rs')) out.push(rel);
  }
  return out.sort();
}

/** The namespace specmap.toml names (vibevm's early engine: `vibevm` when it names none). */
export function namespaceOf(dir: string): string {
  const text = readFileSync(join(dir, 'specmap.toml'), 'utf8');
  return /^namespace\s*=\s*"([^"]+)"/m.exec(text)?.[1] ?? 'vibevm';
}

/** `factline check --config specmap.toml --json` in `dir`, through the shipped entry point. */
export function runFactline(
  dir: string,
  repo = resolve(import.meta.dirname, '..'),
): { json: FactlineJson; exit: number } {
  const r = spawnSync(
    process.execPath,
    [join(repo, 'bin/factline.js'), 'check', '--config', 'specmap.toml', '--json', '--no-cache'],
    {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    },
  );
  if (r.status !== 0 && r.status !== 1) throw new Error(`factline check exited ${r.status}: ${r.stderr}`);
  return { json: JSON.parse(r.stdout) as FactlineJson, exit: r.status };
}

/** The per-class table: counts, then up to `show` examples of each disagreement. */
export function tableText(label: string, c: Comparison, show = 3): string {
  const out = [
    `${label}`,
    '  class                    vibevm  factline    both  only-vibevm  only-factline  argued',
  ];
  for (const r of c.rows) {
    out.push(
      `  ${r.name.padEnd(23)} ${String(r.vibevm).padStart(7)} ${String(r.factline).padStart(9)} ${String(r.both).padStart(7)} ${String(r.onlyVibevm.length).padStart(12)} ${String(r.onlyFactline.length).padStart(14)} ${String(r.argued.length).padStart(7)}`,
    );
  }
  out.push(
    `  gate: vibevm ${c.gate.vibevmPasses ? 'passes' : 'fails'}, factline exits ${c.gate.factlineExit} — ${c.gate.agree ? 'agree' : 'DISAGREE'} (${c.gate.why})`,
  );
  for (const r of c.rows) {
    for (const [what, list] of [
      ['only vibevm', r.onlyVibevm],
      ['only factline', r.onlyFactline],
      ['argued for factline (proptest! edges; units where the committed map is out of date)', r.argued],
    ] as const) {
      if (list.length === 0) continue;
      out.push(`  ${r.name}, ${what} (${list.length}):`);
      for (const k of list.slice(0, show)) out.push(`    ${k}`);
      if (list.length > show) out.push(`    … ${list.length - show} more`);
    }
  }
  return out.join('\n');
}

/** Disagreements in all: every class's one-sided entries (argued ones excluded) and a gate that differs. */
export function disagreements(c: Comparison): number {
  return c.rows.reduce((n, r) => n + r.onlyVibevm.length + r.onlyFactline.length, 0) + (c.gate.agree ? 0 : 1);
}
