/**
 * `check --base REF` and `check --summary FILE`: the pull request's view of
 * the gate, printed and written. The engine judges the base; checks/ sets the
 * two sides against each other and renders them.
 */
import { relative } from 'node:path';
import { type BaseDelta, baseDelta, failsAgainstBase } from '../checks/base-delta.ts';
import type { TraceResult } from '../checks/model.ts';
import { renderBaseConsole } from '../checks/reporters/base-console.ts';
import { ruleSettingsLine } from '../checks/reporters/console.ts';
import { renderSummaryMarkdown, type SummaryOptions } from '../checks/reporters/summary-md.ts';
import { type Verdict, verdictOf } from '../checks/verdict.ts';
import { type BaseRequest, gateOnBase } from '../engine/base/run.ts';
import { repositoryRoot } from '../engine/config/discover.ts';
import type { FactlineConfig } from '../engine/config/model.ts';
import { appendOrWriteOutputFile } from '../engine/files/append-output.ts';
import type { CliIO } from './io.ts';

export async function compareWithBase(
  io: CliIO,
  config: FactlineConfig,
  result: TraceResult,
  request: BaseRequest,
): Promise<BaseDelta> {
  const base = await gateOnBase(io, config, request);
  return baseDelta(result, base, {
    ref: base.ref,
    commit: base.commit,
    ...(base.note ? { note: base.note } : {}),
  });
}

export function printBase(io: CliIO, delta: BaseDelta, json: boolean, result: TraceResult): void {
  if (json) {
    io.stdout.write(`${JSON.stringify({ ...delta, ruleSettings: result.ruleSettings ?? [] }, null, 2)}\n`);
    return;
  }
  const rules = result.ruleSettings ? `${ruleSettingsLine(result.ruleSettings)}\n` : '';
  io.stdout.write(rules + renderBaseConsole(delta));
}

/** A base run's verdict: an unreadable input stays unreadable; otherwise only what is new counts. */
export function baseVerdict(result: TraceResult, delta: BaseDelta): Verdict {
  const own = verdictOf(result);
  if (own === 'unreadable') return own;
  return failsAgainstBase(delta) ? 'findings' : 'clean';
}

/** Links to `file:line` on the forge when GitHub Actions says where the commit lives. */
function summaryOptions(io: CliIO, config: FactlineConfig): SummaryOptions {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_SHA: sha } = io.env;
  const top = repositoryRoot(config.root);
  const rootInRepo = top === undefined ? '' : relative(top, config.root).split('\\').join('/');
  return {
    rootInRepo,
    ...(server && repo && sha ? { linkBase: `${server}/${repo}/blob/${sha}/` } : {}),
  };
}

/** Appends to FILE when it exists (the step summary is given as an existing file), else writes it atomically. */
export function writeSummary(
  io: CliIO,
  config: FactlineConfig,
  file: string,
  result: TraceResult,
  delta: BaseDelta | undefined,
): void {
  appendOrWriteOutputFile(io.cwd, file, renderSummaryMarkdown(result, delta, summaryOptions(io, config)));
}
