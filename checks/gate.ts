/**
 * The gate's pipeline as a core: classify the listed files, read and scan
 * each one, join the citations with the specs and apply the policy. File
 * access comes in as functions, so the CLI, the MCP tool, the benchmark and
 * tests drive the same steps over real files or over memory.
 */
import type { SpecSet } from '../reader/model.ts';
import { globMatcher } from './glob-match.ts';
import type { Finding, TraceResult } from './model.ts';
import type { OutcomeInput } from './outcomes.ts';
import type { PolicyTable } from './policy.ts';
import type { Addressing } from './resolve.ts';
import { isScannable, scanFileWhenLoaded, scanLoadingOnDemand } from './scan/dispatch.ts';
import type { ScannedCitation } from './scan/types.ts';
import {
  adviseGeneratedStale,
  isTemplateFile,
  type TemplateSetup,
  templateCitations,
} from './template-pins.ts';
import { type ScannedFile, trace } from './trace.ts';

export interface GateFile {
  /** Repo-relative, forward slashes. */
  file: string;
  inTest: boolean;
}

/** The scannable files among those the globs found, sorted, each marked test or source. */
// @implements factline#GATE-FILE-SETS
export function classifyGateFiles(found: Iterable<string>, testGlobs: readonly string[]): GateFile[] {
  const isTest = globMatcher(testGlobs, { dot: false });
  return [...new Set(found)]
    .filter(isScannable)
    .sort()
    .map((file) => ({ file, inTest: isTest(file) }));
}

export interface GateInputs {
  specs: SpecSet;
  files: readonly GateFile[];
  /** The file's text, or undefined when it vanished after it was listed. */
  read(file: string): string | undefined;
  /** Defaults to the uncached scanner; the CLI passes its cached one. */
  scan?(file: string, text: string): ScannedCitation[];
  /**
   * The citations of a file a cache vouches for without reading it (its stat
   * is unchanged); undefined: read and scan it. Asked before `read`.
   */
  known?(file: string): ScannedCitation[] | undefined;
  /** Findings from outside the trace (generated-code drift), computed after the scan. */
  extraFindings?(): Finding[] | Promise<Finding[]>;
  strict: boolean;
  /** Where templates and generated files live: template pins are citations, generated stale pins point back. */
  templates?: TemplateSetup;
  /** Test results joined to verifying citations; absent: outcomes are not checked. */
  results?: OutcomeInput;
  /** Which evidence each status needs; the factline preset when absent. */
  policy?: PolicyTable;
  /** `spec://` namespaces of the loaded documents. */
  addressing?: Addressing;
  /** The globs the file list came from, named by the no-silent-green warnings, and where they are configured. */
  searched?: { globs: string[]; where: string };
  /** Filled with milliseconds per phase when given (for the benchmark). */
  timings?: Record<string, number>;
  /**
   * A helper on another core for the files that need a real read and scan
   * (neither answered by `known` nor templates), in file order; undefined
   * from it, or absent: this thread reads and scans them all. Only for the
   * plain scan: the helper scans with the uncached scanner.
   */
  share?(files: readonly string[]): SharedScan | undefined;
}

/**
 * A share of the files scanned elsewhere. Both sides claim chunks of the
 * same index range in increasing order, so whoever is free takes the next.
 */
export interface SharedScan {
  /** The next unclaimed chunk [start, end) for this thread; undefined once all are claimed. */
  claim(): { start: number; end: number } | undefined;
  /**
   * Awaited after each chunk this thread scanned: lets the helper's reports
   * in while it still scans, instead of all at once when this thread is done.
   */
  between?(): Promise<void>;
  /**
   * The helper's outcomes once it stopped, by index: citations, undefined for
   * a file that vanished, or the error reading or scanning it threw. An index
   * it claimed but did not report (it died) is scanned here afterwards.
   */
  done(): Promise<Map<number, ScanOutcome>>;
}

/** One file's read and scan: its citations, undefined when it vanished, or what it threw. */
export type ScanOutcome = ScannedCitation[] | undefined | Error;

export async function runGate(inputs: GateInputs): Promise<TraceResult> {
  const timings = inputs.timings ?? {};
  const scan = inputs.scan ?? scanFileWhenLoaded;
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = (timings[name] ?? 0) + (now - t);
    t = now;
  };
  const ids = new Map(inputs.specs.documents.map((d) => [d.doc, new Set(d.facts.map((fact) => fact.id))]));
  const defines = (doc: string, id: string) => ids.get(doc)?.has(id) === true;
  const templates = inputs.templates;
  const pinsOf: Pins | undefined = templates
    ? (file, text) => templateCitations(file, text, templates, defines)
    : undefined;
  const files = inputs.files;
  const outcomes: ScanOutcome[] = new Array(files.length);
  // Files a scan must read, in order; a template's {{cite}} pins come from its text, so it is always read, here.
  const plain: number[] = [];
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!.file;
    const template = inputs.templates !== undefined && isTemplateFile(file, inputs.templates);
    const known = template ? undefined : inputs.known?.(file);
    if (known !== undefined) outcomes[i] = known;
    else if (template) outcomes[i] = await readAndScan(inputs, scan, file, pinsOf);
    else plain.push(i);
  }
  // @implements speed-pool#SAME-JSON
  await scanShared(inputs, scan, plain, outcomes);
  const scanned: ScannedFile[] = [];
  for (let i = 0; i < files.length; i++) {
    const outcome = outcomes[i];
    // The first failure in file order, as a scan of one file after another would have thrown it.
    if (outcome instanceof Error) throw outcome;
    if (outcome !== undefined && outcome.length > 0)
      scanned.push({ file: files[i]!.file, inTest: files[i]!.inTest, citations: outcome });
  }
  lap('read+scan');
  const extraFindings = inputs.extraFindings ? await inputs.extraFindings() : [];
  lap('drift');
  const result = trace(inputs.specs, scanned, {
    strict: inputs.strict,
    extraFindings,
    ...(inputs.results ? { results: inputs.results } : {}),
    ...(inputs.policy ? { policy: inputs.policy } : {}),
    ...(inputs.addressing ? { addressing: inputs.addressing } : {}),
    ...(inputs.searched ? { searched: inputs.searched } : {}),
  });
  lap('trace');
  if (inputs.templates) adviseGeneratedStale(result.findings, inputs.templates);
  return result;
}

type Scan = (file: string, text: string) => ScannedCitation[];
type Pins = (file: string, text: string) => ScannedCitation[];

/** One file read and scanned here (its template pins added when `pins` is given); what it throws is its outcome. */
async function readAndScan(inputs: GateInputs, scan: Scan, file: string, pins?: Pins): Promise<ScanOutcome> {
  try {
    const text = inputs.read(file);
    if (text === undefined) return undefined;
    const citations = await scanLoadingOnDemand(scan, file, text);
    return pins ? withTemplatePins(citations, pins(file, text)) : citations;
  } catch (thrown) {
    return thrown instanceof Error ? thrown : new Error(String(thrown));
  }
}

/**
 * Reads and scans the files at `plain` (indexes into the gate's files),
 * sharing them with a helper when one is given. Each side stops at its first
 * failure: chunks are claimed in increasing order, so every file before the
 * first failure in file order has been scanned by one side or the other.
 */
// @implements speed-pool#SAME-ERRORS
async function scanShared(inputs: GateInputs, scan: Scan, plain: number[], outcomes: ScanOutcome[]) {
  const names = plain.map((i) => inputs.files[i]!.file);
  const helper = plain.length > 0 ? inputs.share?.(names) : undefined;
  if (helper === undefined) {
    for (let k = 0; k < plain.length; k++) {
      const outcome = await readAndScan(inputs, scan, names[k]!);
      outcomes[plain[k]!] = outcome;
      if (outcome instanceof Error) return;
    }
    return;
  }
  const mine = new Uint8Array(plain.length);
  claiming: for (let chunk = helper.claim(); chunk; chunk = helper.claim()) {
    for (let k = chunk.start; k < chunk.end; k++) {
      const outcome = await readAndScan(inputs, scan, names[k]!);
      outcomes[plain[k]!] = outcome;
      mine[k] = 1;
      if (outcome instanceof Error) break claiming;
    }
    await helper.between?.();
  }
  const theirs = await helper.done();
  for (let k = 0; k < plain.length; k++) {
    if (mine[k] === 1) {
      if (outcomes[plain[k]!] instanceof Error) return;
      continue;
    }
    // Claimed by the helper but never reported (it died): scanned here.
    const outcome = theirs.has(k) ? theirs.get(k) : await readAndScan(inputs, scan, names[k]!);
    outcomes[plain[k]!] = outcome;
    if (outcome instanceof Error) return;
  }
}

/** A template's comment citations and its {{cite}} pins, in place order. */
function withTemplatePins(scanned: ScannedCitation[], pins: ScannedCitation[]): ScannedCitation[] {
  if (pins.length === 0) return scanned;
  return [...scanned, ...pins].sort((a, b) => a.line - b.line || a.column - b.column);
}
