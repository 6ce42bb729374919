/**
 * A monorepo judged package by package: what one shard (`check --shard PATH`)
 * carries, and how `factline merge` puts shards back together. Pure.
 *
 * A shard does the costly part of the gate for its own folder — list its
 * files, read and scan them, parse its specs, read its test results — and
 * carries what it read: its spec documents, its files' citations and its
 * outcomes. None of that depends on another package, so an engine's cached
 * shard is never stale for the merge. The merge joins the shards' carries
 * and runs the one pure trace over them, the same trace a single `check`
 * runs over the same documents, citations and outcomes: it reads no file.
 */
import type { SpecDocument, SpecSet } from '../reader/model.ts';
import { countSeverities } from './findings.ts';
import type { GateFile } from './gate.ts';
import { adviseGeneratedStale } from './generated-stale.ts';
import type { Finding, TraceResult } from './model.ts';
import type { OutcomeInput } from './outcomes.ts';
import type { PolicyTable } from './policy.ts';
import type { Addressing } from './resolve.ts';
import type { TestOutcome, VectorState } from './results/index.ts';
import { applyRuleSettings, type RuleEntry, unitRuleFindings } from './rule-settings.ts';
import { tallyFacts } from './states.ts';
import { type ScannedFile, trace } from './trace.ts';

export const SHARD_FORMAT = 'factline-shard/1';

/** The judging settings the config gives the trace; every shard of one merge must carry the same. */
export interface ShardSettings {
  strict: boolean;
  policy: PolicyTable;
  addressing: Addressing;
  searched: { globs: string[]; where?: string };
  staticUnconfirmed?: 'warning';
  /** The config's `rules` (severity changes and unit rules), applied after the trace. */
  rules: Record<string, unknown>;
  /** The config's `results`, in order: merged outcomes keep the order a single run reads them in. */
  results: string[];
  /** Where generated files lie (a stale citation there names its template). */
  generatedOut: string;
}

/** Test outcomes as JSON carries them (the vectors map as entries). */
export interface CarriedOutcomes {
  outcomes: TestOutcome[];
  sources: string[];
  root?: string;
  foldCase?: boolean;
  unconfirmed?: 'error' | 'warning';
  vectors?: [string, [string, string][] | { unreadable: string }][];
}

/** What a shard read, for the merge to judge with every other shard's. */
export interface ShardCarry {
  /** Its own spec documents (the spec files under its folder), parsed. */
  documents: SpecDocument[];
  /** Their texts, for the HTML report. */
  specTexts: Record<string, string>;
  /** Its source and test files, listed and classified as a single run lists them. */
  files: GateFile[];
  /** Its files' citations, as scanned. */
  scanned: ScannedFile[];
  /** Its test results (the config's results files under its folder). */
  outcomes?: CarriedOutcomes;
  /** Generated files under its folder → the template their header names. */
  templates: Record<string, string>;
}

/** One shard's file: `check --json --shard PATH`. */
export interface ShardFile {
  format: typeof SHARD_FORMAT;
  /** factline's version: shards judged by different versions do not merge. */
  factline: string;
  /** The shard's folder, root-relative, forward slashes (`.` for the root). */
  shard: string;
  /** The config file the shard was judged under, when there was one. */
  config?: string;
  settings: ShardSettings;
  /** Every file the shard read (root-relative): its exact inputs besides the config and factline itself. */
  inputs: ShardInputs;
  /** The shard's own view: its facts, judged with its citations and the specs they name in other packages. */
  result: TraceResult;
  carry: ShardCarry;
}

export interface ShardInputs {
  /** Spec files under the folder. */
  specs: string[];
  /** Source and test files under the folder. */
  files: string[];
  /** Results files under the folder. */
  results: string[];
  /** Spec files of other packages that its citations name. */
  cited: string[];
}

/** Outcomes to JSON and back: the vectors map becomes entries. */
export function carryOutcomes(input: OutcomeInput): CarriedOutcomes {
  const vectors = input.vectors
    ? [...input.vectors].map(
        ([file, state]) =>
          [
            file,
            'unreadable' in state
              ? { unreadable: String(state.unreadable) }
              : [...(state as ReadonlyMap<string, string>)],
          ] as [string, [string, string][] | { unreadable: string }],
      )
    : undefined;
  return {
    outcomes: [...input.outcomes],
    sources: [...input.sources],
    ...(input.root !== undefined ? { root: input.root } : {}),
    ...(input.foldCase !== undefined ? { foldCase: input.foldCase } : {}),
    ...(input.unconfirmed !== undefined ? { unconfirmed: input.unconfirmed } : {}),
    ...(vectors ? { vectors } : {}),
  };
}

function outcomeInput(carried: CarriedOutcomes): OutcomeInput {
  const vectors = new Map<string, VectorState>(
    (carried.vectors ?? []).map(([file, state]) => [file, Array.isArray(state) ? new Map(state) : state]),
  );
  return {
    outcomes: carried.outcomes,
    sources: carried.sources,
    ...(carried.root !== undefined ? { root: carried.root } : {}),
    ...(carried.foldCase !== undefined ? { foldCase: carried.foldCase } : {}),
    ...(carried.unconfirmed !== undefined ? { unconfirmed: carried.unconfirmed } : {}),
    vectors,
  };
}

/** Why shards cannot be merged, naming the shard files concerned and the fix. */
export class ShardMergeError extends Error {}

/** What the merged trace runs on: every shard's documents, files and outcomes as one single run would read them. */
export interface MergedInputs {
  set: SpecSet;
  files: GateFile[];
  scanned: ScannedFile[];
  results?: OutcomeInput;
  settings: ShardSettings;
  specTexts: Map<string, string>;
  templates: Map<string, string>;
  factline: string;
  config?: string;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The shards' carries joined. Refused: no shard, another format or factline
 * version, other judging settings, or a file two shards both read (nested or
 * repeated folders would count its citations twice).
 */
// @implements monorepo#MERGE-REFUSES-MISMATCHED-SHARDS
export function mergeInputs(shards: readonly { name: string; shard: ShardFile }[]): MergedInputs {
  if (shards.length === 0)
    throw new ShardMergeError('no shard files given; pass the files `check --json --shard PATH` wrote');
  const first = shards[0]!;
  // The results files may differ: a shard may be given its own (`--shard PATH --results FILE`).
  const judging = (s: ShardSettings) => JSON.stringify({ ...s, results: undefined });
  const settings = judging(first.shard.settings);
  const owner = new Map<string, string>();
  const claim = (file: string, name: string) => {
    const prior = owner.get(file);
    if (prior !== undefined && prior !== name)
      throw new ShardMergeError(
        `${prior} and ${name} both read ${file}: shards must not overlap; give each package its own folder (no shard inside another)`,
      );
    owner.set(file, name);
  };
  const documents: SpecDocument[] = [];
  const files: GateFile[] = [];
  const scanned: ScannedFile[] = [];
  const outcomes: CarriedOutcomes[] = [];
  const specTexts = new Map<string, string>();
  const templates = new Map<string, string>();
  for (const { name, shard } of shards) {
    if (shard?.format !== SHARD_FORMAT)
      throw new ShardMergeError(
        `${name}: not a shard file (format ${JSON.stringify(shard?.format)}, expected ${SHARD_FORMAT}); write it with \`factline check --json --shard PATH\``,
      );
    if (shard.factline !== first.shard.factline)
      throw new ShardMergeError(
        `${name} was judged by factline ${shard.factline} and ${first.name} by ${first.shard.factline}; run every shard with one factline version`,
      );
    if (judging(shard.settings) !== settings || shard.config !== first.shard.config)
      throw new ShardMergeError(
        `${name} and ${first.name} were judged under different configs; run every shard from one checkout with one config`,
      );
    for (const doc of shard.carry.documents) claim(doc.file, name);
    for (const file of shard.carry.files) claim(file.file, name);
    for (const source of shard.carry.outcomes?.sources ?? []) claim(`results:${source}`, name);
    documents.push(...shard.carry.documents);
    files.push(...shard.carry.files);
    scanned.push(...shard.carry.scanned);
    if (shard.carry.outcomes) outcomes.push(shard.carry.outcomes);
    for (const [file, text] of Object.entries(shard.carry.specTexts)) specTexts.set(file, text);
    for (const [file, template] of Object.entries(shard.carry.templates)) templates.set(file, template);
  }
  refuseSharedDocNames(documents, shards);
  files.sort((a, b) => byString(a.file, b.file));
  scanned.sort((a, b) => byString(a.file, b.file));
  const results = joinOutcomeInputs(outcomes, resultsOrder(shards));
  return {
    set: { documents },
    files,
    scanned,
    ...(results ? { results } : {}),
    settings: first.shard.settings,
    specTexts,
    templates,
    factline: first.shard.factline,
    ...(first.shard.config !== undefined ? { config: first.shard.config } : {}),
  };
}

/**
 * The order results files are read in: the config's, which every shard of
 * one config carries; shards given their own results add theirs, in the
 * order of their folders.
 */
function resultsOrder(shards: readonly { shard: ShardFile }[]): string[] {
  const byFolder = [...shards].sort((a, b) => byString(a.shard.shard, b.shard.shard));
  return [...new Set(byFolder.flatMap((s) => s.shard.settings.results))];
}

function refuseSharedDocNames(
  documents: readonly SpecDocument[],
  shards: readonly { name: string; shard: ShardFile }[],
) {
  const seen = new Map<string, string>();
  for (const doc of documents) {
    const prior = seen.get(doc.doc);
    if (prior !== undefined && prior !== doc.file) {
      const holder = (file: string) =>
        shards.find((s) => s.shard.carry.documents.some((d) => d.file === file))?.name;
      throw new ShardMergeError(
        `${prior} (${holder(prior)}) and ${doc.file} (${holder(doc.file)}) both resolve to the document name \`${doc.doc}\`; rename one of the files, or give one an explicit name in the config's "names"`,
      );
    }
    seen.set(doc.doc, doc.file);
  }
}

/**
 * One outcome input from the shards', its results files in the config's
 * order (a single run reads them in that order, and a test named twice is
 * joined by the first).
 */
function joinOutcomeInputs(
  parts: readonly CarriedOutcomes[],
  order: readonly string[],
): OutcomeInput | undefined {
  if (parts.length === 0) return undefined;
  const rank = (source: string) => {
    const i = order.indexOf(source);
    return i === -1 ? order.length : i;
  };
  const bySource = new Map<string, TestOutcome[]>();
  const sources: string[] = [];
  const root = parts[0]!.root;
  for (const part of parts) {
    sources.push(...part.sources);
    for (const o of movedTo(root, part)) {
      const list = bySource.get(o.source ?? '') ?? [];
      list.push(o);
      bySource.set(o.source ?? '', list);
    }
  }
  sources.sort((a, b) => rank(a) - rank(b) || byString(a, b));
  const outcomes = sources.flatMap((s) => bySource.get(s) ?? []);
  const first = parts[0]!;
  return outcomeInput({
    outcomes,
    sources,
    ...(first.root !== undefined ? { root: first.root } : {}),
    ...(first.foldCase !== undefined ? { foldCase: first.foldCase } : {}),
    ...(first.unconfirmed !== undefined ? { unconfirmed: first.unconfirmed } : {}),
    vectors: parts.flatMap((p) => p.vectors ?? []),
  });
}

/**
 * A shard's outcomes as if its checkout lay at `root`: a runner's absolute
 * path under the shard's checkout moves under `root`, so shards an engine
 * ran or cached in other checkouts (another CI machine, a sandbox) join as
 * those of one checkout do.
 */
// @implements monorepo#MERGE-ACROSS-CHECKOUTS
function movedTo(root: string | undefined, part: CarriedOutcomes): readonly TestOutcome[] {
  const from = part.root?.replace(/\\/g, '/').replace(/\/+$/, '');
  const to = root?.replace(/\\/g, '/').replace(/\/+$/, '');
  if (from === undefined || to === undefined || from === to) return part.outcomes;
  return part.outcomes.map((o) => {
    const file = o.file?.replace(/\\/g, '/');
    return file?.startsWith(`${from}/`) ? { ...o, file: `${to}${file.slice(from.length)}` } : o;
  });
}

/**
 * A shard's own view of a trace run over its documents and the documents
 * its citations name: the facts, documents, units and findings of the
 * documents it owns; its citations stay whole (they are all its own).
 */
export function ownPart(
  result: TraceResult,
  ownDocs: ReadonlySet<string>,
  foreignFiles: ReadonlySet<string>,
): TraceResult {
  // A finding placed in another package's spec (its facts' gaps, its diagnostics) is that package's to report.
  const findings: Finding[] = result.findings.filter((f) => !foreignFiles.has(f.file));
  const facts = result.facts.filter((f) => ownDocs.has(f.doc));
  return {
    ...result,
    summary: { ...tallyFacts(facts), findings: countSeverities(findings) },
    documents: result.documents.filter((d) => ownDocs.has(d.doc)),
    facts,
    findings,
    ...(result.units ? { units: result.units.filter((u) => !foreignFiles.has(u.file)) } : {}),
  };
}

/** What one trace judges: documents, the listed files, their citations and the outcomes, under one config's settings. */
export interface CarriedRun {
  set: SpecSet;
  files: readonly GateFile[];
  scanned: ScannedFile[];
  results?: OutcomeInput;
  settings: ShardSettings;
  templates: ReadonlyMap<string, string>;
}

/**
 * The gate's judgement of carried inputs: the trace, the config's rule
 * settings and the generated-file advice, in the order a single run applies
 * them (engine/gate/run.ts). Whole-tree checks (generated-code drift, stale
 * spec excludes) are no shard's: they are not judged here.
 */
// @implements monorepo#MERGE-IS-THE-SINGLE-TRACE
export function judgeCarried(run: CarriedRun): TraceResult {
  const { settings } = run;
  const rules = settings.rules as Record<string, RuleEntry>;
  const traced = trace(run.set, run.scanned, {
    strict: settings.strict,
    extraFindings: [],
    ...(run.results ? { results: run.results } : {}),
    ...(settings.staticUnconfirmed ? { staticUnconfirmed: settings.staticUnconfirmed } : {}),
    policy: settings.policy,
    addressing: settings.addressing,
    searched: settings.searched,
    hintFiles: {
      sources: run.files.filter((f) => !f.inTest).map((f) => f.file),
      tests: run.files.filter((f) => f.inTest).map((f) => f.file),
    },
  });
  const result = applyRuleSettings(unitRuleFindings(traced, rules), rules);
  adviseGeneratedStale(result.findings, { out: settings.generatedOut }, (file) => run.templates.get(file));
  return result;
}
