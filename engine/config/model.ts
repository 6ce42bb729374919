/** The config every engine call works from, whichever file it was read from (JSON or vibevm's TOML). */
import type { PolicyTable } from '../../checks/policy.ts';
import type { RuleEntry } from '../../checks/rule-settings.ts';
import { configDefaults } from './schema.ts';

export interface FactlineConfig {
  /** Directory that document names are relative to (`specs/mcp-core.md` → `mcp-core`). */
  specsRoot: string;
  /** Explicit document names by repo-relative spec path, overriding the name from the path. */
  names: Record<string, string>;
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
  /** Test results files (vitest JSON or JUnit XML) joined to verifying citations; empty: not checked. */
  results: string[];
  /** The results policy: how an unconfirmed citing test is reported (`error` unless the config says `warning`). */
  resultsPolicy?: { unconfirmed: 'error' | 'warning' };
  /** Without results: how a citing test whose running the source cannot tell is reported (`static.unconfirmed`). */
  static?: { unconfirmed?: 'error' | 'warning' };
  /**
   * The generated core: its spec, templates and output directory; `specs`
   * lists further specs whose facts the templates may use too.
   */
  generate: {
    spec: string;
    templates: string;
    out: string;
    specs?: string[];
    valueTypes?: Record<string, unknown>;
  };
  /** `spec://NAMESPACE/…` of this project's specs (vibevm's `namespace`); units then carry a uri. */
  namespace?: string;
  /** Other namespaces' spec roots, read to resolve their addresses only (vibevm's `external_specs`). */
  externalSpecs: { namespace: string; root: string }[];
  /** Spec paths or globs never read; one that matches nothing is reported (`stale-exclude`). */
  specExclude: string[];
  /** Attribute keys facts may carry and each one's value type (a type name or an inline declaration); absent: any key, as a string. */
  attributes?: Record<string, unknown>;
  /** Which evidence a status needs: a preset name (`factline`, `vibevm`) or a table. */
  policy: string | PolicyTable;
  /** Whose rules decide names, revision lines, citation verbs and what fails (docs/vibevm.md). */
  profile: 'factline' | 'vibevm';
  /** vibevm profile: the spec files whose markup lints count (progress.toml's include/exclude). */
  progressScope: { include: string[]; exclude: string[] };
  /** Crates exempt from vibevm's orphan ratchet. */
  exempt: string[];
  /**
   * Read from a specmap.toml only (no factline.config.json key): what vibevm's
   * ratchet and section check take from it and from the tree's own engine.
   */
  vibevmGates?: {
    /** `scan_roots` as written (`dir/*`: each subdirectory a crate). */
    scanRoots: string[];
    /** `dispositioned`: orphans allowed to stand, each with its debt id. */
    dispositioned: { symbol: string; debt: string }[];
    /** The long-section threshold in force; 0 when the tree's engine has no such check or the config turns it off. */
    maxSectionLines: number;
    /** Whether the tree's engine reads `.xml` spec sources (older engines read Markdown only). */
    readsXml: boolean;
    /** Whether the tree's specmap driver fails on an unresolved edge into its own namespace (its resolve gate). */
    resolveGate: boolean;
  };
  /** Absolute directory the globs are relative to (where the config was found). */
  root: string;
  /** The config file, relative to root, when one was read. */
  file?: string;
  /** Per-rule severity set by the config (`"off"` drops the rule's findings). */
  rules: Record<string, RuleEntry>;
}

export const CONFIG_FILE = 'factline.config.json';

/** The names a config may have, looked for in this order (`.jsonc` and `.json` both take comments). */
export const CONFIG_FILES = ['factline.config.jsonc', CONFIG_FILE] as const;

export const DEFAULT_CONFIG: Omit<FactlineConfig, 'root'> = configDefaults();

/** The defaults, relative to `root`. */
export function defaultConfig(root: string): FactlineConfig {
  return { ...configDefaults(), root };
}

/** The specs the core is generated from: the main one first, then the further ones, each once. */
export function generatingSpecs(config: FactlineConfig): string[] {
  return [...new Set([config.generate.spec, ...(config.generate.specs ?? [])])];
}
