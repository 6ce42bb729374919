/**
 * Reporters are pure `(result, options) => string`, picked by name. The HTML
 * reporter (owned separately) needs extra inputs and is loaded by the CLI.
 */
import type { TraceResult } from '../model.ts';
import { type ConsoleOptions, renderConsole } from './console.ts';
import { renderGithub } from './github.ts';
import { renderJson } from './json.ts';
import { renderJunit } from './junit.ts';
import { renderSarif, type SarifOptions } from './sarif.ts';

export interface ReporterOptions extends ConsoleOptions, SarifOptions {}

export type Reporter = (result: TraceResult, options?: ReporterOptions) => string;

export const REPORTERS: Record<'console' | 'json' | 'sarif' | 'junit' | 'github', Reporter> = {
  console: renderConsole,
  json: renderJson,
  sarif: renderSarif,
  junit: renderJunit,
  github: renderGithub,
};

export type ReporterName = keyof typeof REPORTERS;

export function report(name: ReporterName, result: TraceResult, options: ReporterOptions = {}): string {
  return REPORTERS[name](result, options);
}

export { formatFinding } from './console.ts';
