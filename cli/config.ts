/**
 * factline.config.json: which files are specs, sources and tests.
 * Found in the working directory or given with --config; every key can be
 * overridden by a flag of the same name.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './io.ts';

export interface FactlineConfig {
  /** Directory that document names are relative to (`specs/mcp-core.md` → `mcp-core`). */
  specsRoot: string;
  /** Globs of spec files. */
  specs: string[];
  /** Globs of source files, where `@implements` belongs. */
  sources: string[];
  /** Globs of test files, where `@verifies` belongs. */
  tests: string[];
  /** Globs never read (node_modules, .git and build output are always skipped). */
  ignore: string[];
  /** Strict mode: service units need evidence as normative facts do. */
  strict: boolean;
  /**
   * The generated core: its specs, templates and output directory. `spec` is
   * the first of `specs`; a config may give either (`"spec"` for one).
   */
  generate: { spec: string; specs: string[]; templates: string; out: string };
  /** Absolute directory the globs are relative to (where the config was found). */
  root: string;
}

export const CONFIG_FILE = 'factline.config.json';

export const DEFAULT_CONFIG: Omit<FactlineConfig, 'root'> = {
  specsRoot: 'specs',
  specs: ['specs/**/*.md'],
  sources: ['**/*.{ts,js,mjs,cjs,rs,go,py,sh,hbs}'],
  tests: ['test/**/*', '**/*.test.*', '**/*.spec.*'],
  ignore: ['node_modules/**', '.git/**', 'dist/**', 'build/**', 'coverage/**', '**/fixtures/**'],
  strict: false,
  generate: {
    spec: 'specs/mcp-core.md',
    specs: ['specs/mcp-core.md'],
    templates: 'templates',
    out: 'generated',
  },
};

const copyGenerate = (g: FactlineConfig['generate']): FactlineConfig['generate'] => ({
  ...g,
  specs: [...g.specs],
});

const ARRAY_KEYS = ['specs', 'sources', 'tests', 'ignore'] as const;

/** Validates a parsed config object; every problem names the key and the fix. */
export function parseConfig(raw: unknown, root: string, where: string): FactlineConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new UsageError(`${where}: the config must be a JSON object`);
  }
  const input = raw as Record<string, unknown>;
  const known = new Set([...Object.keys(DEFAULT_CONFIG), '$schema']);
  for (const key of Object.keys(input)) {
    if (!known.has(key)) {
      throw new UsageError(
        `${where}: unknown key \`${key}\` (known: ${[...known].filter((k) => k !== '$schema').join(', ')})`,
      );
    }
  }
  const config: FactlineConfig = { ...DEFAULT_CONFIG, generate: copyGenerate(DEFAULT_CONFIG.generate), root };
  for (const key of ARRAY_KEYS) {
    const value = input[key];
    if (value === undefined) continue;
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
      throw new UsageError(`${where}: \`${key}\` must be an array of glob strings`);
    }
    config[key] = value;
  }
  if (input.specsRoot !== undefined) {
    if (typeof input.specsRoot !== 'string') throw new UsageError(`${where}: \`specsRoot\` must be a string`);
    config.specsRoot = input.specsRoot;
  }
  if (input.strict !== undefined) {
    if (typeof input.strict !== 'boolean') throw new UsageError(`${where}: \`strict\` must be true or false`);
    config.strict = input.strict;
  }
  if (input.generate !== undefined) {
    const g = input.generate as Record<string, unknown>;
    for (const key of ['spec', 'templates', 'out'] as const) {
      if (g[key] === undefined) continue;
      if (typeof g[key] !== 'string') throw new UsageError(`${where}: \`generate.${key}\` must be a string`);
      config.generate[key] = g[key];
    }
    if (g.specs !== undefined) {
      if (!Array.isArray(g.specs) || g.specs.length === 0 || !g.specs.every((v) => typeof v === 'string')) {
        throw new UsageError(`${where}: \`generate.specs\` must be a non-empty array of spec paths`);
      }
      if (g.spec !== undefined) {
        throw new UsageError(`${where}: give \`generate.spec\` or \`generate.specs\`, not both`);
      }
      config.generate.specs = [...g.specs];
      config.generate.spec = g.specs[0] as string;
    } else if (g.spec !== undefined) {
      config.generate.specs = [config.generate.spec];
    }
  }
  return config;
}

/**
 * Loads the config from `--config PATH` or `./factline.config.json`; with
 * neither, the defaults apply relative to the working directory.
 */
export function loadConfig(cwd: string, explicitPath?: string): FactlineConfig {
  const path = resolve(cwd, explicitPath ?? CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (explicitPath === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { ...DEFAULT_CONFIG, generate: copyGenerate(DEFAULT_CONFIG.generate), root: cwd };
    }
    throw new UsageError(`cannot read config ${path}: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    throw new UsageError(
      `${path}:${jsonErrorPlace(text)}: invalid JSON: ${message} (fix the JSON at that place)`,
    );
  }
  return parseConfig(raw, dirname(path), path);
}

/**
 * `line:col` of the first character JSON.parse rejects. V8 does not always say
 * where (Node 20: "Unexpected token …"), so find the longest prefix that is
 * still valid JSON or merely unfinished; the offending character follows it.
 */
export function jsonErrorPlace(text: string): string {
  let ok = 0;
  let bad = text.length + 1;
  while (bad - ok > 1) {
    const mid = (ok + bad) >> 1;
    if (isValidSoFar(text.slice(0, mid))) ok = mid;
    else bad = mid;
  }
  const before = text.slice(0, Math.min(ok, text.length)).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

function isValidSoFar(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    return /end of JSON input/.test(message) || (at !== null && Number(at[1]) >= prefix.length);
  }
}
