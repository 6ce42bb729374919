/**
 * The gate's pipeline as a core: classify the listed files, read and scan
 * each one, join the citations with the specs and apply the policy. File
 * access comes in as functions, so the CLI, the MCP tool, the benchmark and
 * tests drive the same steps over real files or over memory.
 */
import picomatch from 'picomatch';
import type { SpecSet } from '../reader/model.ts';
import type { Finding, TraceResult } from './model.ts';
import type { OutcomeInput } from './outcomes.ts';
import type { PolicyTable } from './policy.ts';
import type { Addressing } from './resolve.ts';
import {
  isScannable,
  loadTypeScriptScanner,
  scanFileWhenLoaded,
  TypeScriptScannerNotLoaded,
} from './scan/dispatch.ts';
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
  const isTest = picomatch([...testGlobs], { dot: false });
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
}

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
  const scanned: ScannedFile[] = [];
  for (const f of inputs.files) {
    // A template's {{cite}} pins come from its text, so a template is always read.
    const known =
      inputs.templates && isTemplateFile(f.file, inputs.templates) ? undefined : inputs.known?.(f.file);
    if (known !== undefined) {
      if (known.length > 0) scanned.push({ file: f.file, inTest: f.inTest, citations: known });
      continue;
    }
    const text = inputs.read(f.file);
    if (text === undefined) continue;
    let citations = await scanLoadingOnDemand(scan, f.file, text);
    if (inputs.templates)
      citations = withTemplatePins(citations, templateCitations(f.file, text, inputs.templates, defines));
    if (citations.length > 0) scanned.push({ file: f.file, inTest: f.inTest, citations });
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

/**
 * The scan, loading the TypeScript scanner the first time a file needs it
 * (a TS/JS file with a tag that the cache could not answer), so a run that
 * never meets one never pays ts-morph's start-up.
 */
// @implements speed#LAZY-TS-SCANNER
async function scanLoadingOnDemand(
  scan: (file: string, text: string) => ScannedCitation[],
  file: string,
  text: string,
): Promise<ScannedCitation[]> {
  try {
    return scan(file, text);
  } catch (error) {
    if (!(error instanceof TypeScriptScannerNotLoaded)) throw error;
    await loadTypeScriptScanner();
    return scan(file, text);
  }
}

/** A template's comment citations and its {{cite}} pins, in place order. */
function withTemplatePins(scanned: ScannedCitation[], pins: ScannedCitation[]): ScannedCitation[] {
  if (pins.length === 0) return scanned;
  return [...scanned, ...pins].sort((a, b) => a.line - b.line || a.column - b.column);
}
