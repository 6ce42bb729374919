/**
 * The gate's file-system half: find the scanned files from the config globs,
 * read and scan them, load the specs, fold in generated drift, and hand
 * everything to the pure trace. Shared by `check`, `explain`, `pin`,
 * `report` and the `trace_check` MCP tool.
 */
import { createHash, hash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { glob } from 'tinyglobby';
import type { Finding, TraceResult } from '../checks/model.ts';
import { isScannable, type ScannedCitation, scanFile } from '../checks/scan/index.ts';
import { type ScannedFile, trace } from '../checks/trace.ts';
import { parseSpec } from '../generator/spec/index.ts';
import type { SpecDocument } from '../generator/spec/model.ts';
import { type FactlineConfig, loadConfig } from './config.ts';
import { type CliIO, UsageError } from './io.ts';
import { type LoadedSpecs, loadSpecSet } from './load-specs.ts';

/**
 * Never read, whatever the config's own `ignore` says: dependencies, git
 * internals, build output (a compiled copy of a cited file would count its
 * citations twice) and the scan cache.
 */
export const ALWAYS_IGNORED = [
  '**/node_modules/**',
  '**/.git/**',
  '**/dist/**',
  '**/build/**',
  '**/.factline-cache/**',
];

export interface GateOptions {
  strict?: boolean;
  /** Spec files or directories; empty or absent: the config's `specs` globs. */
  specs?: string[];
  /** Filled with milliseconds per phase when given (for the benchmark). */
  timings?: Record<string, number>;
  /** Use the content-hash scan cache under `.factline-cache/` (default: false). */
  cache?: boolean;
}

export interface GateFile {
  /** Repo-relative, forward slashes. */
  file: string;
  inTest: boolean;
}

// @implements factline#GATE-FILE-SETS
export async function listGateFiles(config: FactlineConfig): Promise<GateFile[]> {
  const ignore = [...config.ignore, ...ALWAYS_IGNORED];
  const found = await glob([...config.sources, ...config.tests], {
    cwd: config.root,
    ignore,
    onlyFiles: true,
    dot: false,
    followSymbolicLinks: false,
  });
  const isTest = picomatch(config.tests, { dot: false });
  return [...new Set(found)]
    .filter(isScannable)
    .sort()
    .map((file) => ({ file, inTest: isTest(file) }));
}

async function driftFindings(config: FactlineConfig): Promise<Finding[]> {
  if (!existsSync(resolve(config.root, config.generate.templates))) return [];
  if (!existsSync(resolve(config.root, config.generate.spec))) return [];
  const [{ loadGenerationInput }, { generationFindings }] = await Promise.all([
    import('./commands/gen.ts'),
    import('./generation-findings.ts'),
  ]);
  return generationFindings(loadGenerationInput(config));
}

export async function runGate(
  io: CliIO,
  config: FactlineConfig,
  options: GateOptions = {},
): Promise<{ result: TraceResult; specs: LoadedSpecs }> {
  const timings = options.timings ?? {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = (timings[name] ?? 0) + (now - t);
    t = now;
  };
  const specCache = options.cache ? SpecCache.open(config.root) : undefined;
  const specs = await loadSpecSet(io, config, options.specs ?? [], specCache?.parse ?? parseSpec);
  specCache?.save();
  lap('specs');
  const files = await listGateFiles(config);
  lap('glob');
  const cache = options.cache ? ScanCache.open(config.root) : undefined;
  const scanned: ScannedFile[] = [];
  let readMs = 0;
  for (const f of files) {
    const r0 = performance.now();
    let text: string;
    try {
      text = readFileSync(resolve(config.root, f.file), 'utf8');
    } catch (error) {
      // Vanished between glob and read: nothing left to cite. Anything else
      // (no permission, a directory, an I/O error) would hide its citations
      // and let the gate pass a gap, so it stops the run.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new UsageError(
        `cannot read ${f.file}: ${(error as Error).message}; make it readable, or add it to \`ignore\` in the config`,
      );
    }
    readMs += performance.now() - r0;
    const citations = cache ? cache.scan(f.file, text, scanFile) : scanFile(f.file, text);
    if (citations.length > 0) scanned.push({ file: f.file, inTest: f.inTest, citations });
  }
  cache?.save();
  lap('read+scan');
  timings.read = (timings.read ?? 0) + readMs;
  const extraFindings = await driftFindings(config);
  lap('drift');
  const result = trace(specs.set, scanned, {
    strict: options.strict ?? config.strict,
    extraFindings,
  });
  lap('trace');
  return { result, specs };
}

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Content hash of a text (sha1, base64): the cache key of files and specs. */
function hashText(text: string): string {
  return hash('sha1', text, 'base64');
}

/**
 * What cached results depend on besides their input: the sources of the
 * code that produced them and the package's dependency pins. Any change
 * there and every entry is computed afresh.
 */
function sourceFingerprint(dir: string): string {
  const h = createHash('sha1');
  try {
    for (const name of readdirSync(dir).sort()) {
      h.update(name)
        .update('\0')
        .update(readFileSync(join(dir, name)))
        .update('\0');
    }
    h.update(readFileSync(join(PACKAGE_ROOT, 'package.json')));
  } catch {
    try {
      // Sources not beside us (a bundled build): the running module is the code.
      h.update(readFileSync(fileURLToPath(import.meta.url)));
    } catch {
      // Cannot see any code: a fingerprint no stored cache can match.
      h.update(String(Math.random()));
    }
  }
  return h.digest('base64');
}

const CACHE_VERSION = 'scan-v2';

/**
 * One citation as a JSON row: [verb, ref, id, doc, pin, offset, line,
 * column, symbol, testName, reason, malformed], 0 for an absent field (and
 * for a ref that is just doc#id~pin), trailing zeros dropped. Keys repeated
 * 100,000 times made the file as large as the tree it describes, and its
 * parse the largest part of a warm check.
 */
type Row = (string | number)[];

interface Entry {
  hash: string;
  rows: Row[];
}

const VERBS: ScannedCitation['verb'][] = ['implements', 'verifies', 'deviates'];

function plainRef(c: ScannedCitation): string {
  const doc = c.doc === undefined ? '' : `${c.doc}#`;
  return c.pin === undefined ? `${doc}${c.id}` : `${doc}${c.id}~${c.pin}`;
}

function encodeCitation(c: ScannedCitation): Row {
  const row: Row = [
    VERBS.indexOf(c.verb),
    c.ref === plainRef(c) ? 0 : c.ref,
    c.id,
    c.doc ?? 0,
    c.pin ?? 0,
    c.offset,
    c.line,
    c.column,
    c.symbol ?? 0,
    c.testName ?? 0,
    c.reason ?? 0,
    c.malformed ?? 0,
  ];
  while (row[row.length - 1] === 0) row.pop();
  return row;
}

function decodeCitation(row: Row): ScannedCitation {
  const field = (i: number): string | undefined => {
    const v = row[i];
    return typeof v === 'string' ? v : undefined;
  };
  const cite: ScannedCitation = {
    verb: VERBS[row[0] as number]!,
    ref: '',
    id: row[2] as string,
    offset: row[5] as number,
    line: row[6] as number,
    column: row[7] as number,
  };
  const doc = field(3);
  const pin = field(4);
  const symbol = field(8);
  const testName = field(9);
  const reason = field(10);
  const malformed = field(11);
  if (doc !== undefined) cite.doc = doc;
  if (pin !== undefined) cite.pin = pin;
  if (reason !== undefined) cite.reason = reason;
  if (malformed !== undefined) cite.malformed = malformed;
  if (symbol !== undefined) cite.symbol = symbol;
  if (testName !== undefined) cite.testName = testName;
  cite.ref = typeof row[1] === 'string' ? row[1] : plainRef(cite);
  return cite;
}

/** The scanner's own sources: a cache written by another scanner is not read. */
const SCANNER_DIR = join(PACKAGE_ROOT, 'checks', 'scan');

/**
 * Content-hash cache of scan results in `.factline-cache/` (gitignored): an
 * unchanged file is hashed, not tokenized, so a re-check costs little more
 * than reading the tree. Keyed by the scanner's sources too.
 */
export class ScanCache {
  private dirty = false;
  private readonly next = new Map<string, Entry>();

  private constructor(
    private readonly dir: string,
    private readonly fingerprint: string,
    private readonly entries: Map<string, Entry>,
  ) {}

  static open(root: string): ScanCache {
    const dir = join(root, '.factline-cache');
    const fingerprint = sourceFingerprint(SCANNER_DIR);
    const entries = new Map<string, Entry>();
    try {
      const raw = JSON.parse(readFileSync(join(dir, `${CACHE_VERSION}.json`), 'utf8')) as {
        fingerprint: string;
        files: Record<string, [string, Row[]]>;
      };
      if (raw.fingerprint === fingerprint) {
        for (const file in raw.files) {
          const [hash, rows] = raw.files[file]!;
          entries.set(file, { hash, rows });
        }
      }
    } catch {
      // No cache yet, or a corrupt one: start empty.
    }
    return new ScanCache(dir, fingerprint, entries);
  }

  scan(
    file: string,
    text: string,
    scanner: (file: string, text: string) => ScannedCitation[],
  ): ScannedCitation[] {
    const hash = hashText(text);
    const hit = this.entries.get(file);
    if (hit && hit.hash === hash) {
      this.next.set(file, hit);
      const out: ScannedCitation[] = new Array(hit.rows.length);
      for (let i = 0; i < hit.rows.length; i++) out[i] = decodeCitation(hit.rows[i]!);
      return out;
    }
    const citations = scanner(file, text);
    this.next.set(file, { hash, rows: citations.map(encodeCitation) });
    this.dirty = true;
    return citations;
  }

  /** Atomic write (temp + rename); files no longer scanned drop out. */
  save(): void {
    if (!this.dirty && this.next.size === this.entries.size) return;
    const files = Object.fromEntries([...this.next].map(([file, e]) => [file, [e.hash, e.rows]]));
    writeCacheFile(this.dir, CACHE_VERSION, { fingerprint: this.fingerprint, files });
  }
}

/** Writes `value` as JSON to `.factline-cache/<name>.json` atomically; failure only costs speed. */
function writeCacheFile(dir: string, name: string, value: unknown): void {
  try {
    mkdirSync(dir, { recursive: true });
    const target = join(dir, `${name}.json`);
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(value));
    renameSync(temp, target);
  } catch {
    // A cache that cannot be written only costs speed.
  }
}

const SPEC_CACHE = 'specs-v1';

interface SpecEntry {
  hash: string;
  doc: string;
  document: SpecDocument;
}

/**
 * Content-hash cache of parsed spec documents beside the scan cache: an
 * unchanged spec (same text, file and doc name, same reader) is read back
 * from JSON instead of going through the Markdown parser again.
 */
export class SpecCache {
  private dirty = false;
  private readonly next = new Map<string, SpecEntry>();

  private constructor(
    private readonly dir: string,
    private readonly fingerprint: string,
    private readonly entries: Map<string, SpecEntry>,
  ) {}

  static open(root: string): SpecCache {
    const dir = join(root, '.factline-cache');
    const fingerprint = sourceFingerprint(join(PACKAGE_ROOT, 'generator', 'spec'));
    let entries = new Map<string, SpecEntry>();
    try {
      const raw = JSON.parse(readFileSync(join(dir, `${SPEC_CACHE}.json`), 'utf8')) as {
        fingerprint: string;
        entries: Record<string, SpecEntry>;
      };
      if (raw.fingerprint === fingerprint) entries = new Map(Object.entries(raw.entries));
    } catch {
      // No cache yet, or a corrupt one: start empty.
    }
    return new SpecCache(dir, fingerprint, entries);
  }

  /** A drop-in for `parseSpec`. */
  readonly parse = (source: string, options: { file: string; doc: string }): SpecDocument => {
    const hash = hashText(source);
    const hit = this.entries.get(options.file);
    if (hit && hit.hash === hash && hit.doc === options.doc) {
      this.next.set(options.file, hit);
      return hit.document;
    }
    const document = parseSpec(source, options);
    this.next.set(options.file, { hash, doc: options.doc, document });
    this.dirty = true;
    return document;
  };

  save(): void {
    if (!this.dirty && this.next.size === this.entries.size) return;
    writeCacheFile(this.dir, SPEC_CACHE, {
      fingerprint: this.fingerprint,
      entries: Object.fromEntries(this.next),
    });
  }
}

export interface GateArgs {
  refs: string[];
  config?: string;
  specs: string[];
  strict: boolean;
}

export function parseGateArgs(argv: string[], usage: string): GateArgs {
  const args: GateArgs = { refs: [], specs: [], strict: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--strict') args.strict = true;
    else if (arg === '--config' || arg.startsWith('--config=')) {
      const value = arg === '--config' ? argv[++i] : arg.slice('--config='.length);
      if (!value) throw new UsageError('--config needs a file path');
      args.config = value;
    } else if (arg === '--specs') {
      while (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) args.specs.push(argv[++i]!);
    } else if (arg.startsWith('--')) throw new UsageError(`unknown option \`${arg}\`\n${usage}`);
    else args.refs.push(arg);
  }
  return args;
}

export async function gateFor(io: CliIO, args: GateArgs) {
  const config = loadConfig(io.cwd, args.config);
  const gate = await runGate(io, config, {
    strict: args.strict || config.strict,
    specs: args.specs,
    cache: true,
  });
  return { config, ...gate };
}
