/**
 * The gate's pipeline as a core: classify the listed files, get each file's
 * citations from a ScanBackend, join them with the specs and apply the
 * policy. How files are read and scanned (on this thread, from a cache, on a
 * worker) is the backend's, so the CLI, the MCP tool, the benchmark and
 * tests drive the same steps over real files or over memory.
 */

import type { SpecSet } from '../reader/model.ts';
import type { AttributeChecker } from './attributes.ts';
import { globMatcher } from './glob-match.ts';
import type { Finding, TraceResult } from './model.ts';
import type { OutcomeInput } from './outcomes.ts';
import type { PolicyTable } from './policy.ts';
import type { VibevmGateData } from './profiles/vibevm-gates.ts';
import type { Addressing } from './resolve.ts';
import { FileScanner, isScannable } from './scan/dispatch.ts';
import type { ScannedCitation } from './scan/types.ts';
import { TypeScriptParserNotLoaded } from './scan/typescript.ts';
import { type ScannedFile, trace } from './trace.ts';

export interface GateFile {
  /** Repo-relative, forward slashes. */
  file: string;
  inTest: boolean;
}

/** The scannable files among those the globs found, sorted, each marked test or source. */
// @implements engine#GATE-FILE-SETS
export function classifyGateFiles(found: Iterable<string>, testGlobs: readonly string[]): GateFile[] {
  const isTest = globMatcher(testGlobs, { dot: false });
  return [...new Set(found)]
    .filter(isScannable)
    .sort()
    .map((file) => ({ file, inTest: isTest(file) }));
}

/** One file's read and scan: its citations, undefined when it vanished, or what it threw. */
export type ScanOutcome = ScannedCitation[] | undefined | Error;

/**
 * Where the gate's citations come from. The core decides which files are
 * scanned and judges them in file order; a backend decides how each file
 * is read and scanned, and gives the same citations whichever way.
 */
// @implements engine#GATE-TAKES-A-SCAN-BACKEND
export interface ScanBackend {
  /** A listed file's text; undefined when it vanished since the listing. Throws when it cannot be read. */
  read(file: string): string | undefined;
  /**
   * Each file's outcome, by index. The backend may stop at the first failure
   * in file order: the files after it are then left without an outcome.
   */
  scanFiles(files: readonly string[]): Promise<ScanOutcome[]>;
}

/** The plain backend over any `read`: each file read and scanned in turn on this thread by `scanner`, stopping at the first failure. */
export function readingBackend(
  read: (file: string) => string | undefined,
  scanner: FileScanner = new FileScanner(),
): ScanBackend {
  return {
    read,
    scanFiles: async (files) => {
      const outcomes: ScanOutcome[] = [];
      for (const file of files) {
        let outcome = readAndScanNow(read, scanner, file);
        if (outcome instanceof Promise) outcome = await outcome;
        outcomes.push(outcome);
        if (outcome instanceof Error) break;
      }
      return outcomes;
    },
  };
}

/**
 * One file read and scanned by `scanner` (through `scan`, a cache in front
 * of it, when given); what reading or scanning throws is its outcome.
 */
export async function readAndScan(
  read: (file: string) => string | undefined,
  scanner: FileScanner,
  file: string,
  scan?: (file: string, text: string) => ScannedCitation[],
): Promise<ScanOutcome> {
  try {
    const text = read(file);
    if (text === undefined) return undefined;
    return await scanner.scan(file, text, scan);
  } catch (thrown) {
    return thrown instanceof Error ? thrown : new Error(String(thrown));
  }
}

/**
 * readAndScan without a promise where none is needed: the outcome itself, or
 * the promise of it only when the scan must first load TypeScript's parser
 * (then the text read is scanned again, not read again). A run of thousands
 * of files then makes no promise per file (its allocations went to the
 * collector, and each await waited a turn).
 */
// @implements scanner#SCAN-WITHOUT-A-PROMISE-PER-FILE
export function readAndScanNow(
  read: (file: string) => string | undefined,
  scanner: FileScanner,
  file: string,
  scan: (file: string, text: string) => ScannedCitation[] = scanner.scanWhenLoaded,
): ScanOutcome | Promise<ScanOutcome> {
  let text: string | undefined;
  try {
    text = read(file);
    if (text === undefined) return undefined;
    return scan(file, text);
  } catch (thrown) {
    if (thrown instanceof TypeScriptParserNotLoaded && text !== undefined) {
      const read = text;
      return readAndScan(() => read, scanner, file, scan);
    }
    return thrown instanceof Error ? thrown : new Error(String(thrown));
  }
}

export interface GateInputs {
  specs: SpecSet;
  files: readonly GateFile[];
  backend: ScanBackend;
  /** Findings from outside the trace (generated-code drift), computed after the scan. */
  extraFindings?(): Finding[] | Promise<Finding[]>;
  strict: boolean;
  /** Test results joined to verifying citations; absent: outcomes are not checked. */
  results?: OutcomeInput;
  /** Without results: a citing test that may not run is a warning and counts (config `static.unconfirmed`). */
  staticUnconfirmed?: 'warning';
  /** Which evidence each status needs; the factline preset when absent. */
  policy?: PolicyTable;
  /** `spec://` namespaces of the loaded documents. */
  addressing?: Addressing;
  /** The globs the file list came from, named by the no-silent-green warnings, and where they are configured. */
  searched?: { globs: string[]; where?: string };
  /** The attribute types the config declares; absent: any key, as a string. */
  attributes?: AttributeChecker;
  /** Under the vibevm profile: what its ratchet and freshness gates read, asked for after the scan (which feeds them). */
  vibevmGates?(): VibevmGateData | Promise<VibevmGateData>;
}

/** The trace of the listed files against the specs: the gate's core, reading files only through `inputs.backend`. */
export async function traceFiles(inputs: GateInputs): Promise<TraceResult> {
  const { files, backend } = inputs;
  // @implements engine#SAME-JSON
  const outcomes = await backend.scanFiles(files.map((f) => f.file));
  const found: ScannedFile[] = [];
  for (let i = 0; i < files.length; i++) {
    const outcome = outcomes[i];
    // The first failure in file order, as a scan of one file after another would have thrown it.
    // @implements engine#SAME-ERRORS
    if (outcome instanceof Error) throw outcome;
    if (outcome !== undefined && outcome.length > 0)
      found.push({ file: files[i]!.file, inTest: files[i]!.inTest, citations: outcome });
  }
  const extraFindings = inputs.extraFindings ? await inputs.extraFindings() : [];
  const vibevmGates = inputs.vibevmGates ? await inputs.vibevmGates() : undefined;
  return trace(inputs.specs, found, {
    strict: inputs.strict,
    extraFindings,
    ...(inputs.results ? { results: inputs.results } : {}),
    ...(inputs.staticUnconfirmed ? { staticUnconfirmed: inputs.staticUnconfirmed } : {}),
    ...(inputs.policy ? { policy: inputs.policy } : {}),
    ...(inputs.addressing ? { addressing: inputs.addressing } : {}),
    ...(inputs.searched ? { searched: inputs.searched } : {}),
    ...(inputs.attributes ? { attributes: inputs.attributes } : {}),
    ...(vibevmGates ? { vibevmGates } : {}),
    hintFiles: {
      sources: files.filter((f) => !f.inTest).map((f) => f.file),
      tests: files.filter((f) => f.inTest).map((f) => f.file),
    },
  });
}
