/** What the config tells the gate core besides the files: addressing, policy, templates, where the globs come from. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { POLICY_PRESETS, type PolicyTable } from '../../checks/policy.ts';
import type { Addressing } from '../../checks/resolve.ts';
import type { TemplateSetup } from '../../checks/template-pins.ts';
import { type FactlineConfig, generatingSpecs } from '../config/model.ts';
import { docNameOf } from '../specs.ts';

/** The config's `spec://` namespaces, each external root checked for presence. */
export function addressingOf(config: FactlineConfig): Addressing {
  const addressing: Addressing = {
    external: config.externalSpecs.map((e) => ({
      namespace: e.namespace,
      root: e.root,
      docPrefix: `${e.namespace}/`,
      present: existsSync(resolve(config.root, e.root)),
    })),
  };
  if (config.namespace !== undefined) addressing.namespace = config.namespace;
  return addressing;
}

export function policyOf(config: FactlineConfig): PolicyTable {
  return typeof config.policy === 'string' ? (POLICY_PRESETS[config.policy] ?? {}) : config.policy;
}

/** Where the templates and the generated files lie, and the documents the templates cite by bare id. */
export function templateSetupOf(config: FactlineConfig): TemplateSetup {
  return {
    templates: config.generate.templates.replace(/\\/g, '/'),
    out: config.generate.out.replace(/\\/g, '/'),
    docs: generatingSpecs(config).map((spec) => docNameOf(config, resolve(config.root, spec))),
  };
}

/**
 * The globs the file list came from, and the config file that sets them
 * (named by the no-silent-green warnings); no file when the defaults apply.
 */
export function searchedOf(config: FactlineConfig): { globs: string[]; where?: string } {
  return { globs: [...config.sources, ...config.tests], ...(config.file ? { where: config.file } : {}) };
}
