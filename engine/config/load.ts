/**
 * factline.config.json (or .jsonc): which files are specs, sources and tests.
 * Found in the working directory or the nearest folder above it within the
 * repository, or given with --config; every key can be overridden by a flag
 * of the same name. Comments and trailing commas are read in either file.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { policyTable } from '../../checks/policy.ts';
import { jsonErrorPlace } from '../../checks/results/broken-input.ts';
import { checkRuleSettings } from '../../checks/rule-settings.ts';
import { UsageError } from '../errors.ts';
import { attributeTypes } from './attribute-types.ts';
import { configIn, discoverConfig } from './discover.ts';
import { stripJsonComments } from './jsonc.ts';
import { CONFIG_FILE, defaultConfig, type FactlineConfig } from './model.ts';
import { CONFIG_KEYS, CONFIG_SHAPE } from './schema.ts';
import { checkShape } from './shape.ts';
import { specmapConfig } from './specmap.ts';

/**
 * Validates a parsed config object against the schema table (engine/config/schema.ts):
 * an unknown, misspelled or mistyped key at any depth, or `null` where a
 * value belongs, is a usage error naming the key path and the fix.
 */
// @implements engine#CONFIG-VALIDATED-BY-SCHEMA
export function parseConfig(raw: unknown, root: string, where: string): FactlineConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new UsageError(`${where}: the config must be a JSON object`);
  }
  const problem = checkShape(raw, CONFIG_SHAPE);
  if (problem) {
    throw new UsageError(
      `${where}: \`${problem.path}\` ${problem.message} (see schema/factline.config.schema.json)`,
    );
  }
  const input = raw as Partial<Omit<FactlineConfig, 'root'>>;
  const config: FactlineConfig = defaultConfig(root);
  for (const key of Object.keys(CONFIG_KEYS) as (keyof typeof CONFIG_KEYS)[]) {
    if (input[key] === undefined) continue;
    if (key === 'generate') config.generate = { ...config.generate, ...input.generate };
    else (config as unknown as Record<string, unknown>)[key] = input[key];
  }
  // `results` in its object form: the files, and the explicit policy for unconfirmed outcomes.
  const results = input.results as unknown;
  if (results !== undefined && !Array.isArray(results)) {
    const form = results as { files?: string[]; unconfirmed?: 'error' | 'warning' };
    config.results = form.files ?? [];
    if (form.unconfirmed !== undefined) config.resultsPolicy = { unconfirmed: form.unconfirmed };
  }
  // The shape admits any table; which stages and evidence kinds it may name is the policy's to say.
  if (input.policy !== undefined) {
    const table = policyTable(input.policy);
    if (typeof table === 'string') throw new UsageError(`${where}: \`policy\` ${table}`);
  }
  // Attribute types are checked when the config is read, so a bad table fails every command the same way.
  if (input.attributes !== undefined) {
    const { problems } = attributeTypes(config);
    if (problems.length > 0) throw new UsageError(`${where}: ${problems.join('; ')}`);
  }
  if (input.rules !== undefined) {
    const problem = checkRuleSettings(input.rules);
    if (problem) throw new UsageError(`${where}: ${problem}`);
  }
  return config;
}

/**
 * Loads the config from `--config PATH` (a file, or a folder holding one), else
 * the nearest `factline.config.jsonc` / `.json` at or above `cwd` within the
 * repository; with none, the defaults apply relative to the working directory.
 */
export function loadConfig(cwd: string, explicitPath?: string): FactlineConfig {
  const path = explicitPath === undefined ? discoverConfig(cwd) : givenConfig(cwd, explicitPath);
  if (path === undefined) return defaultConfig(cwd);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read config ${path}: ${(error as Error).message}`);
  }
  // vibevm's own config: read it as it stands, no second config needed.
  if (path.endsWith('.toml')) return { ...specmapConfig(text, dirname(path), path), file: basename(path) };
  let raw: unknown;
  try {
    raw = JSON.parse(stripJsonComments(text));
  } catch (error) {
    const message = (error as Error).message;
    throw new UsageError(
      `${path}:${jsonErrorPlace(stripJsonComments(text))}: invalid JSON: ${message} (fix the JSON at that place)`,
    );
  }
  return { ...parseConfig(raw, dirname(path), path), file: basename(path) };
}

/** `--config PATH`: the file itself, or the config inside the folder it names. */
function givenConfig(cwd: string, given: string): string {
  const path = resolve(cwd, given);
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    // Missing: reading it names the path and the error.
  }
  if (!isDir) return path;
  return configIn(path) ?? resolve(path, CONFIG_FILE);
}

export { jsonErrorPlace } from '../../checks/results/broken-input.ts';
