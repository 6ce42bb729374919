/**
 * The project an editor server judges: loaded once through the gate's own
 * warm path (the scan cache, the scan worker), then kept in memory. Each
 * open buffer's text stands in for its file; an edit re-scans that buffer
 * only, a file changed on disk is re-scanned only when the client says so.
 * Facts are judged by the gate's own trace, over just the citations of the
 * facts asked about.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { judgeCitations } from '../../checks/citations.ts';
import { FindingCollector } from '../../checks/findings.ts';
import {
  classifyGateFiles,
  type GateFile,
  readAndScan,
  type ScanBackend,
  type ScanOutcome,
} from '../../checks/gate.ts';
import { adviseGeneratedStale, type GeneratedSetup } from '../../checks/generated-stale.ts';
import { globMatcher, type PathTest } from '../../checks/glob-match.ts';
import type { FactTrace, Finding, JudgedCitation, JudgedLink } from '../../checks/model.ts';
import { joinOutcomes, type OutcomeInput } from '../../checks/outcomes.ts';
import { resolveRef } from '../../checks/resolve.ts';
import { FileScanner, isScannable } from '../../checks/scan/dispatch.ts';
import type { ScannedCitation } from '../../checks/scan/types.ts';
import { type TraceOptions, trace } from '../../checks/trace.ts';
import { readHeader } from '../../generator/render/header.ts';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from '../../reader/model.ts';
import type { FactlineConfig } from '../config/model.ts';
import { readGateFile } from '../files/read.ts';
import { ALWAYS_IGNORED } from '../gate/files.ts';
import { readResults } from '../gate/results.ts';
import { addressingOf, attributesOf, generatedSetupOf, policyOf } from '../gate/setup.ts';
import type { EngineIO } from '../io.ts';
import { Project } from '../project.ts';
import { ScanTable } from './scan-table.ts';
import { SpecView } from './spec-view.ts';

/** What the trace says about the facts asked about. */
export interface Judgement {
  /** Each asked fact's trace, by address (anchored headings have none). */
  facts: Map<string, FactTrace>;
  /** The judged citations of those facts; `FactTrace.citations` index into it. */
  citations: JudgedCitation[];
  /** The findings about those facts (their gaps) and about their citations. */
  findings: Finding[];
  /** The links judged among the facts linked to those, at any depth. */
  links: JudgedLink[];
}

/** A disk change the project cannot take in place: the caller loads it again. */
export type DiskChange = 'taken' | 'ignored' | 'reload';

const MARKUP = new Set<string>(DIAGNOSTIC_CODES);

const RESULTS_WARNING = 'test outcomes are not shown';

/** Wraps a backend so every file it scans is remembered with its outcome. */
function recording(backend: ScanBackend, into: Map<string, ScanOutcome>): ScanBackend {
  return {
    read: backend.read,
    async scanFiles(files) {
      const outcomes = await backend.scanFiles(files);
      for (let i = 0; i < files.length; i++) into.set(files[i]!, outcomes[i]);
      return outcomes;
    },
  };
}

const isGeneratedFile = (file: string, setup: GeneratedSetup) =>
  file.startsWith(`${setup.out.replace(/\/+$/, '')}/`);

export class EditorProject {
  private readonly buffers = new Map<string, string>();
  /** Citations of open buffers the globs do not select: shown, never judged with the project. */
  private readonly loose = new Map<string, ScannedCitation[]>();
  private readonly selected: PathTest;
  private readonly ignored: PathTest;
  private rescans = 0;
  /** What the client should be told once: results that could not be read, files read by tokens alone. */
  warnings: string[] = [];
  /** Scans edited buffers; what it warns of is told to the client as the first scan's warnings are. */
  // @implements scanner#SCAN-WARNINGS-REACH-EVERY-FRONT-END
  private readonly scanner = new FileScanner({
    warn: (file, message) => this.warnings.push(`${file}: ${message}`),
  });

  private constructor(
    readonly config: FactlineConfig,
    readonly specs: SpecView,
    readonly scans: ScanTable,
    private readonly listed: Map<string, GateFile>,
    private readonly generated: GeneratedSetup,
    private results: OutcomeInput | undefined,
  ) {
    this.selected = globMatcher([...config.sources, ...config.tests], { dot: false });
    this.ignored = globMatcher([...config.ignore, ...ALWAYS_IGNORED], { dot: true });
  }

  /**
   * The first full scan: the gate's own run over the project (cache and
   * worker included), each file's scan kept for later. Throws a UsageError
   * when the config, a spec or a file cannot be read, as `check` would.
   */
  // @implements lsp#ONE-SCAN-THEN-BUFFERS
  static async load(io: EngineIO, configFile?: string): Promise<EditorProject> {
    const project = Project.open(io, configFile);
    const outcomes = new Map<string, ScanOutcome>();
    // Test results are read below, where a missing file is a warning rather than no project.
    const run = await project.check({
      cache: true,
      results: [],
      wrapBackend: (chosen) => recording(chosen, outcomes),
    });
    const { config } = project;
    const specs = new SpecView(run.specs, addressingOf(config));
    const scanWarnings = run.warnings.map((w) => `${w.file}: ${w.message}`);
    const listed = await project.files();
    const editor = new EditorProject(
      config,
      specs,
      new ScanTable(specs.index),
      new Map(listed.map((f) => [f.file, f])),
      generatedSetupOf(config),
      undefined,
    );
    editor.warnings.push(...scanWarnings);
    await editor.readResults();
    for (const { file, inTest } of listed) {
      const outcome = outcomes.get(file);
      if (Array.isArray(outcome)) editor.scans.set(file, inTest, outcome);
      // A file the backend gave no outcome for is read and scanned here.
      else if (!outcomes.has(file)) await editor.rescanFromDisk(file);
    }
    editor.rescans = 0;
    return editor;
  }

  /**
   * Reads the config's test results again. One that cannot be read leaves
   * outcomes unchecked, and says why in `warnings`: an editor still helps
   * before the tests have run.
   */
  // @implements lsp#RESULTS-WHEN-READABLE
  async readResults(): Promise<void> {
    try {
      this.results = await readResults(this.config, this.config.results);
      this.warnings = this.warnings.filter((w) => !w.startsWith(RESULTS_WARNING));
    } catch (error) {
      this.results = undefined;
      this.warnings = this.warnings.filter((w) => !w.startsWith(RESULTS_WARNING));
      this.warnings.push(`${RESULTS_WARNING}: ${(error as Error).message}`);
    }
  }

  get root(): string {
    return this.config.root;
  }

  /** Whether test results are joined to verifying citations (the config names results files). */
  get outcomesChecked(): boolean {
    return this.results !== undefined;
  }

  /** Files read and scanned since the first full scan (buffers and files the client reported). */
  get rescanned(): number {
    return this.rescans;
  }

  private traceOptions(): TraceOptions {
    return {
      strict: this.config.strict,
      policy: policyOf(this.config),
      addressing: addressingOf(this.config),
      ...attributesOf(this.config),
      ...(this.results ? { results: this.results } : {}),
      ...(this.config.static?.unconfirmed === 'warning' ? { staticUnconfirmed: 'warning' as const } : {}),
    };
  }

  /** Whether the gate reads this file: listed at load, or selected by the globs now. */
  isGated(file: string): boolean {
    if (this.listed.has(file)) return true;
    return isScannable(file) && this.selected(file) && !this.ignored(file);
  }

  inTest(file: string): boolean {
    return this.listed.get(file)?.inTest ?? classifyGateFiles([file], this.config.tests)[0]?.inTest ?? false;
  }

  /** The text the project holds for a file: its open buffer's, else the disk's (undefined when absent). */
  textOf(file: string): string | undefined {
    const buffer = this.buffers.get(file);
    if (buffer !== undefined) return buffer;
    if (this.specs.isSpec(file)) return this.specs.text(file);
    try {
      return readFileSync(resolve(this.root, file), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** The citations of a file as the project holds them now (gated or an open loose buffer). */
  citationsIn(file: string): ScannedCitation[] {
    return this.scans.get(file)?.citations ?? this.loose.get(file) ?? [];
  }

  /** An open buffer's text replaces its file: a spec is read again, a source or test scanned again. */
  // @implements lsp#OPEN-BUFFERS-WIN
  async setBuffer(file: string, text: string): Promise<void> {
    this.buffers.set(file, text);
    await this.take(file, text);
  }

  /** A closed buffer: its file is what the disk holds again. */
  async closeBuffer(file: string): Promise<void> {
    if (!this.buffers.delete(file)) return;
    this.loose.delete(file);
    await this.takeFromDisk(file);
  }

  /** A file the client reports changed, created or deleted on disk; an open buffer still wins. */
  async diskChanged(file: string): Promise<DiskChange> {
    if (file === this.config.file) return 'reload';
    if (this.config.results.includes(file)) {
      await this.readResults();
      return 'taken';
    }
    if (this.buffers.has(file)) return 'ignored';
    if (!this.specs.isSpec(file) && file.endsWith('.md') && globMatcher(this.config.specs)(file))
      return 'reload';
    if (!this.specs.isSpec(file) && !this.isGated(file)) return 'ignored';
    return (await this.takeFromDisk(file)) ? 'taken' : 'reload';
  }

  /** False when a spec vanished (the set of documents changed: load again). */
  private async takeFromDisk(file: string): Promise<boolean> {
    if (this.specs.isSpec(file)) {
      let text: string;
      try {
        text = readFileSync(resolve(this.root, file), 'utf8');
      } catch {
        return false;
      }
      await this.take(file, text);
      return true;
    }
    await this.rescanFromDisk(file);
    return true;
  }

  private async rescanFromDisk(file: string): Promise<void> {
    const text = readGateFile(this.root, file);
    if (text === undefined) {
      this.scans.delete(file);
      this.listed.delete(file);
      return;
    }
    await this.take(file, text);
  }

  private async take(file: string, text: string): Promise<void> {
    if (this.specs.isSpec(file)) {
      const renamed = await this.specs.update(file, text);
      this.scans.reindex(this.specs.index, renamed);
      return;
    }
    if (!isScannable(file)) return;
    const citations = await this.scanText(file, text);
    if (this.isGated(file)) {
      if (!this.listed.has(file)) this.listed.set(file, { file, inTest: this.inTest(file) });
      this.scans.set(file, this.inTest(file), citations);
    } else {
      this.loose.set(file, citations);
    }
  }

  /** One text scanned as the gate scans its file. */
  // @implements lsp#EDIT-RESCANS-ONE-BUFFER
  private async scanText(file: string, text: string): Promise<ScannedCitation[]> {
    this.rescans++;
    const outcome = await readAndScan(() => text, this.scanner, file);
    if (outcome instanceof Error) throw outcome;
    return outcome ?? [];
  }

  /**
   * The gate's trace of the facts at `addresses`, over their citations only,
   * and over those facts only (their documents' sections kept, which kind
   * revisions and anchored headings come from): a citation that resolved
   * against every fact resolves to the same one among these.
   */
  // @implements lsp#JUDGE-ONLY-WHAT-IS-ASKED
  judge(addresses: Iterable<string>): Judgement {
    const asked = new Set(addresses);
    // A fact's links and its coverage through levels need every fact linked to it, at any depth.
    // @implements chains#LSP-SHOWS-CHAIN
    const wanted = this.linkedClosure(asked);
    const docs = new Set([...wanted].map((a) => a.slice(0, a.lastIndexOf('#'))));
    const set = {
      documents: this.specs.set.documents
        .filter((d) => docs.has(d.doc))
        .map((d) => ({ ...d, facts: d.facts.filter((f) => wanted.has(f.address)), diagnostics: [] })),
    };
    const result = trace(set, this.scans.scannedFilesFor(wanted), this.traceOptions());
    return {
      // A cited heading carries its evidence as a fact does (trace#HEADING-EVIDENCE).
      // @implements lsp#HEADING-EVIDENCE
      facts: new Map(
        [...result.facts, ...(result.headings ?? [])]
          .filter((f) => asked.has(f.address))
          .map((f) => [f.address, f]),
      ),
      citations: result.citations,
      findings: result.findings.filter((f) => f.fact !== undefined && asked.has(f.fact)),
      links: result.links ?? [],
    };
  }

  /** `asked` with every fact reached from it through links, either way, at any depth. */
  private linkedClosure(asked: Set<string>): Set<string> {
    const neighbours = new Map<string, string[]>();
    const join = (a: string, b: string) => {
      neighbours.set(a, [...(neighbours.get(a) ?? []), b]);
      neighbours.set(b, [...(neighbours.get(b) ?? []), a]);
    };
    for (const doc of this.specs.set.documents)
      for (const fact of doc.facts)
        for (const link of fact.links ?? []) {
          const found = resolveRef(link, this.specs.index);
          if (found.kind === 'fact') join(fact.address, found.fact.address);
        }
    if (neighbours.size === 0) return asked;
    const out = new Set(asked);
    const queue = [...asked];
    for (let i = 0; i < queue.length; i++)
      for (const next of neighbours.get(queue[i]!) ?? [])
        if (!out.has(next)) {
          out.add(next);
          queue.push(next);
        }
    return out;
  }

  /**
   * The gate's findings about one file's own citations, as its text stands
   * now: the trace's citation judgement (checks/citations.ts) and its join
   * of test outcomes, without judging every fact.
   */
  // @implements lsp#JUDGE-ONLY-WHAT-IS-ASKED
  citationFindings(file: string): Finding[] {
    const citations = this.citationsIn(file);
    if (citations.length === 0) return [];
    const out = new FindingCollector();
    const judged = judgeCitations([{ file, inTest: this.inTest(file), citations }], this.specs.index, out);
    joinOutcomes(
      judged,
      this.results,
      out,
      this.config.static?.unconfirmed === 'warning' ? 'warning' : undefined,
    );
    const findings = out.sorted();
    // A generated file's pins come from its template, as the gate's own advice says.
    adviseGeneratedStale(findings, this.generated, (f) => this.templateOf(f));
    return findings;
  }

  /** The template a generated file was rendered from, when `file` is one. */
  templateOf(file: string): string | undefined {
    if (!isGeneratedFile(file, this.generated)) return undefined;
    return readHeader(this.textOf(file) ?? '')?.template;
  }

  /** The reader's diagnostics of one spec as the gate reports them (severity under `strict` included). */
  markupFindings(file: string): (Finding & { rule: DiagnosticCode })[] {
    const doc = this.specs.document(file);
    if (doc === undefined) return [];
    return trace({ documents: [doc] }, [], this.traceOptions()).findings.filter(
      (f): f is Finding & { rule: DiagnosticCode } => MARKUP.has(f.rule) && f.file === file,
    );
  }
}
