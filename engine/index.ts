/**
 * The engine's front door: what the CLI and the benchmarks may use of
 * factline, and nothing else (the architecture test holds them to it).
 *
 * Light rooms are exported as they are. Rooms that load heavy code — the
 * generator's ts-morph and Handlebars, the MCP and LSP stacks, git's child
 * processes, the report page — are behind `rooms`, each loaded the first
 * time a command asks for it, so `factline facts` never pays for `gen`.
 */

// The pure cores' pieces a caller prints with: the engine hands results over, checks/ renders them.
export type { BaseDelta } from '../checks/base-delta.ts';
export { baselineOf } from '../checks/baseline.ts';
export { formatText, summarise, toJson } from '../checks/conform/outcome.ts';
export type { TraceResult } from '../checks/model.ts';
export { NOT_JUDGED_IN_PART, partialScope } from '../checks/partial.ts';
export { renderBaseConsole } from '../checks/reporters/base-console.ts';
export { ruleSettingsLine } from '../checks/reporters/console.ts';
export { escapeControls } from '../checks/reporters/escape/console.ts';
export { explainJson, renderExplain } from '../checks/reporters/explain.ts';
export { nearRule, renderRuleExplain, ruleExplainJson } from '../checks/reporters/explain-rule.ts';
export { REPORTERS } from '../checks/reporters/index.ts';
export { jsonPieces } from '../checks/reporters/json.ts';
export { MATRIX_FORMATS, type MatrixFormat, renderMatrix } from '../checks/reporters/matrix.ts';
export { indexFacts } from '../checks/resolve.ts';
export { ruleUnit } from '../checks/rules/index.ts';
export { RULE_IDS, ruleListText } from '../checks/rules.ts';
export { type Verdict, verdictOf } from '../checks/verdict.ts';
export { nearestOne } from '../reader/did-you-mean.ts';
export type { Diagnostic, Fact, Severity, SpecSet } from '../reader/model.ts';
export { strictSeverity } from '../reader/normative-service.ts';
export { compileTypeScriptWithCodeCache, requireWithCodeCache } from './cache/code-cache.ts';
export { projectCacheDir } from './cache/location.ts';
export { forgetStoredResults, type Recording, startResultRecording } from './cache/result-record.ts';
// The gate and a run around it.
// @implements engine#CLI-THROUGH-THE-FRONT-DOOR
export {
  type BaseComparison,
  type CheckOutcome,
  type CheckRequest,
  runCheck,
  watchCheck,
  writeCheckSummary,
} from './check.ts';
export { loadConfig } from './config/load.ts';
export { type FactlineConfig, generatingSpecs } from './config/model.ts';
export type { ServerCommand } from './conform/process.ts';
export { UsageError } from './errors.ts';
export { readInputJson, writeOutputFile } from './files/output.ts';
export { inputGlobs, refuseOverwritingInputs, runInputs } from './files/output-guard.ts';
export { resultsFromArguments } from './gate/results-argument.ts';
export { addressingOf } from './gate/setup.ts';
// Setting a project up and keeping its citations: small, and loaded with the command that asks.
export { type Detected, detectRunners, projectTraits, RUNNERS, type Runner } from './init/detect.ts';
export { ensureIgnored } from './init/gitignore.ts';
export { runnerSetup } from './init/runners.ts';
export { EXPORT_FORMATS, type ExportFormat } from './interchange/formats.ts';
export type { ImportSummary } from './interchange/import.ts';
export type { EngineIO } from './io.ts';
export type { LspOptions } from './lsp/server.ts';
export type { ServeProject } from './mcp/serve.ts';
export { addPins, type PinEdit, type PinOutcome, repinStale, repointMoved } from './pin.ts';
export { Project } from './project.ts';
export { resolveArgument } from './ref-argument.ts';
export { convertRunnerOutput, RESULTS_FROM, type ResultsFrom, readRunnerOutput } from './results-from.ts';
export {
  detectRunner,
  RUNNERS as SCAFFOLD_RUNNERS,
  type Runner as ScaffoldRunner,
  unverifiedFacts,
  writeStubs,
} from './scaffold.ts';
export { requireSomeSpec } from './specs.ts';
export { ignoredOutputs, PRE_COMMIT_LINE, writeStarterFiles } from './starter-files.ts';
export { factlineVersion } from './version.ts';
export { type AttributeFilter, attributeFilter } from './where.ts';

/** The heavy rooms, each loaded on first use. */
// @implements cli#LOADS-ONLY-WHAT-RUNS
export const rooms = {
  /** `gen`: the generator (ts-morph, Handlebars). */
  generate: () => import('./generate/run.ts'),
  /** `gen --watch`. */
  generateWatch: () => import('./generate/watch.ts'),
  /** `serve` on stdio (the MCP core and factline's tools). */
  serve: () => import('./mcp/serve.ts'),
  /** `serve --http`. */
  serveHttp: () => import('./mcp/serve-http.ts'),
  /** `lsp` (the language-server packages). */
  lsp: () => import('./lsp/server.ts'),
  /** `conform`: vectors against a server process. */
  conform: () => import('./conform/run.ts'),
  /** `check --shard`: one package of a monorepo, carried for `merge`. */
  shard: () => import('./shard/run.ts'),
  /** `merge`: the shards judged as one run. */
  merge: () => import('./shard/merge.ts'),
  /** `import`: ReqIF and needs.json readers (the XML parser, the zip reader). */
  importInterchange: () => import('./interchange/import.ts'),
  /** `export`: the ReqIF and needs.json writers. */
  exportInterchange: () => import('./interchange/export.ts'),
  /** `check --staged`: a snapshot of the git index (git's child processes). */
  staged: () => import('./staged.ts'),
  /** `report`: the report page and what it shows beside the result. */
  report: async () => {
    const { collectReportInputs, renderReport } = await import('./report-inputs.ts');
    return { collectReportInputs, renderReport };
  },
};
export {
  type Impact,
  impactQuery,
  parseFileLine,
  renderImpact,
  renderServedAt,
  type ServedAt,
  servedAtQuery,
} from './queries.ts';
