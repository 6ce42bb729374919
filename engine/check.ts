/**
 * `check`'s orchestration: the gate, then what a run adds around it — the
 * `--changed` partial view, the baseline ratchet, the HTML inputs and the
 * `--base` comparison — in one place the CLI, the MCP tools and the editor
 * can all reach. The caller turns flags into a request and prints the outcome;
 * nothing here writes to stdout.
 */
import { relative, resolve } from 'node:path';
import { type BaseDelta, baseDelta, failsAgainstBase } from '../checks/base-delta.ts';
import { applyBaseline, parseBaseline } from '../checks/baseline.ts';
import type { TraceResult } from '../checks/model.ts';
import { partialResult } from '../checks/partial.ts';
import { renderSummaryMarkdown, type SummaryOptions } from '../checks/reporters/summary-md.ts';
import { type Verdict, verdictOf } from '../checks/verdict.ts';
import { type Change, type ChangedSet, changedFiles, changeSince, specsOutsideRoot } from './changed.ts';
import { repositoryRoot } from './config/discover.ts';
import type { FactlineConfig } from './config/model.ts';
import { UsageError } from './errors.ts';
import { appendOrWriteOutputFile } from './files/append-output.ts';
import { readInputJson } from './files/output.ts';
import { notPassingTestFiles } from './gate/results.ts';
import type { EngineIO } from './io.ts';
import { Project } from './project.ts';
import type { LoadedSpecs } from './specs.ts';

/** What a `check` run is asked: the config with every flag applied, and the extras around the gate. */
export interface CheckRequest {
  config: FactlineConfig;
  /** Spec files or folders to read instead of the config's `specs` globs. */
  specPaths?: readonly string[];
  /** Read and keep the scan caches (`--no-cache`: false). */
  cache: boolean;
  /** Told each scanner warning (a file the scanner could not read fully). */
  onScanWarning?: (file: string, message: string) => void;
  /** `--changed REF`: judge only what a partial run can, in the files changed since REF. */
  changed?: string;
  /** `--baseline FILE` (relative to the caller's cwd): fail only on findings not in it. */
  baseline?: string;
  /** `--base REF`: judge the base commit too and fail only on what is new. */
  base?: BaseComparison;
  /** Gather what the HTML report shows beside the result (`--html`). */
  html?: boolean;
}

export interface BaseComparison {
  ref: string;
  /** The flags that changed the working tree's config, applied to the base's config too. */
  configure: (config: FactlineConfig) => FactlineConfig;
  /** `--config` as given, relative to the caller's cwd. */
  configFile?: string;
  /** The base's own test results (`--base-results`), relative to the caller's cwd. */
  results?: readonly string[];
}

/** What the run found, for the caller to print, write and exit on. */
export interface CheckOutcome {
  result: TraceResult;
  specs: LoadedSpecs;
  /** `--changed`: what changed, and what the partial run covered (none when the full gate ran instead). */
  change?: { change: Change; covered?: ChangedSet };
  /** `--base`: the findings set against the base's. */
  delta?: BaseDelta;
  /** The HTML report, when asked for. */
  html?: string;
  verdict: Verdict;
}

/** The gate as `factline check` runs it. */
// @implements engine#CHECK-FRONT-DOOR
export async function runCheck(io: EngineIO, request: CheckRequest): Promise<CheckOutcome> {
  const { config } = request;
  const specPaths = request.specPaths ?? [];
  // A ref git cannot resolve stops the run before the gate works for nothing.
  if (request.base) (await import('./base/git.ts')).baseCommit(config.root, request.base.ref);
  // git runs while the specs load; its answer is awaited once they have.
  const asked = request.changed === undefined ? undefined : changeSince(config, request.changed);
  asked?.catch(() => {}); // a failure surfaces where it is awaited
  let change: Change | undefined;
  let covered: ChangedSet | undefined;
  const gate = await new Project(io, config, specPaths).check({
    strict: config.strict,
    cache: request.cache,
    ...(request.onScanWarning ? { onScanWarning: request.onScanWarning } : {}),
    ...(asked
      ? {
          only: async (loaded) => {
            change = await asked;
            const outside = specsOutsideRoot(config, loaded.set.documents);
            if (outside !== undefined) change.fullRunBecause = outside;
            if (change.fullRunBecause !== undefined) return undefined;
            covered = await changedFiles(
              config,
              change,
              loaded.set.documents,
              await notPassingTestFiles(config),
            );
            return covered.files;
          },
        }
      : {}),
  });
  const baselined = request.baseline ? withBaseline(io, gate.result, request.baseline) : gate.result;
  const result = covered && change ? partialResult(baselined, coverageOf(change, covered)) : baselined;
  const html = request.html ? await htmlReport(io, config, result, gate.specs) : undefined;
  const delta = request.base ? await compareWithBase(io, request, specPaths, result) : undefined;
  return {
    result,
    specs: gate.specs,
    ...(change ? { change: { change, ...(covered ? { covered } : {}) } } : {}),
    ...(delta ? { delta } : {}),
    ...(html !== undefined ? { html } : {}),
    verdict: delta ? baseVerdict(result, delta) : verdictOf(result),
  };
}

/**
 * `--watch`: the gate at once, then again after each change to a file it
 * reads; `request` is asked anew each time, so an edited config counts.
 */
export async function watchCheck(
  io: EngineIO & { stdout: { write(text: string): unknown } },
  request: () => CheckRequest,
  color: boolean,
): Promise<Verdict | undefined> {
  const { watchGate } = await import('./watch/gate-loop.ts');
  const last = await watchGate(
    io,
    async () => {
      const asked = request();
      const gate = await new Project(io, asked.config, asked.specPaths ?? []).check({
        strict: asked.config.strict,
        cache: asked.cache,
        ...(asked.onScanWarning ? { onScanWarning: asked.onScanWarning } : {}),
      });
      return { config: asked.config, result: gate.result };
    },
    color,
  );
  return last === undefined ? undefined : verdictOf(last);
}

function withBaseline(io: EngineIO, result: TraceResult, file: string): TraceResult {
  const raw = readInputJson(io.cwd, file, 'baseline', `write one with \`factline baseline --out ${file}\``);
  const baseline = parseBaseline(raw);
  if (typeof baseline === 'string') throw new UsageError(`${file}: ${baseline}`);
  return applyBaseline(result, baseline, file);
}

function coverageOf(change: Change, covered: ChangedSet) {
  return {
    ref: change.ref,
    scanned: covered.files.map((f) => f.file),
    specFiles: covered.specFiles,
    deleted: change.deleted,
    changedUnits: covered.changedUnits,
  };
}

async function htmlReport(
  io: EngineIO,
  config: FactlineConfig,
  result: TraceResult,
  specs: LoadedSpecs,
): Promise<string> {
  const { collectReportInputs, renderReport } = await import('./report-inputs.ts');
  return renderReport(result, await collectReportInputs(io, config, result, specs));
}

async function compareWithBase(
  io: EngineIO,
  request: CheckRequest,
  specPaths: readonly string[],
  result: TraceResult,
): Promise<BaseDelta> {
  const asked = request.base as BaseComparison;
  const { gateOnBase } = await import('./base/run.ts');
  const base = await gateOnBase(io, request.config, {
    ref: asked.ref,
    configure: asked.configure,
    specPaths,
    ...(asked.configFile ? { configFile: asked.configFile } : {}),
    strict: request.config.strict,
    cache: request.cache,
    ...(asked.results ? { results: asked.results.map((file) => resolve(io.cwd, file)) } : {}),
  });
  return baseDelta(result, base, {
    ref: base.ref,
    commit: base.commit,
    ...(base.note ? { note: base.note } : {}),
  });
}

/** A base run's verdict: an unreadable input stays unreadable; otherwise only what is new counts. */
function baseVerdict(result: TraceResult, delta: BaseDelta): Verdict {
  const own = verdictOf(result);
  if (own === 'unreadable') return own;
  return failsAgainstBase(delta) ? 'findings' : 'clean';
}

/** Links to `file:line` on the forge when GitHub Actions says where the commit lives. */
function summaryOptions(env: NodeJS.ProcessEnv, config: FactlineConfig): SummaryOptions {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_SHA: sha } = env;
  const top = repositoryRoot(config.root);
  const rootInRepo = top === undefined ? '' : relative(top, config.root).split('\\').join('/');
  return {
    rootInRepo,
    ...(server && repo && sha ? { linkBase: `${server}/${repo}/blob/${sha}/` } : {}),
  };
}

/** `--summary FILE`: appended when FILE exists (the step summary is given as an existing file), else written atomically. */
export function writeCheckSummary(
  io: EngineIO,
  file: string,
  config: FactlineConfig,
  outcome: CheckOutcome,
): void {
  const markdown = renderSummaryMarkdown(outcome.result, outcome.delta, summaryOptions(io.env, config));
  appendOrWriteOutputFile(io.cwd, file, markdown);
}
