/** What the config tells the gate core besides the files: addressing, policy, generated output, where the globs come from. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AttributeChecker } from '../../checks/attributes.ts';
import type { GeneratedSetup } from '../../checks/generated-stale.ts';
import { POLICY_PRESETS, type PolicyTable } from '../../checks/policy.ts';
import type { Addressing } from '../../checks/resolve.ts';
import { attributeTypes } from '../config/attribute-types.ts';
import type { FactlineConfig } from '../config/model.ts';

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
  if (config.profile === 'vibevm') {
    addressing.profile = 'vibevm';
    addressing.progressScope = config.progressScope;
    addressing.specRoots = config.specs
      .filter((g) => g.endsWith('/**/*.md'))
      .map((g) => g.slice(0, -'/**/*.md'.length));
    if (config.vibevmGates) {
      addressing.maxSectionLines = config.vibevmGates.maxSectionLines;
      addressing.resolveGate = config.vibevmGates.resolveGate;
    }
  }
  return addressing;
}

/** The trace option with the checker of the config's attribute types; empty when it declares none (the loader has refused a bad table). */
export function attributesOf(config: FactlineConfig): { attributes?: AttributeChecker } {
  const { checker } = attributeTypes(config);
  return checker === undefined ? {} : { attributes: checker };
}

export function policyOf(config: FactlineConfig): PolicyTable {
  return typeof config.policy === 'string' ? (POLICY_PRESETS[config.policy] ?? {}) : config.policy;
}

/** Where the generated files lie: a stale citation there is fixed in its template. */
export function generatedSetupOf(config: FactlineConfig): GeneratedSetup {
  return { out: config.generate.out.replace(/\\/g, '/') };
}

/**
 * The globs the file list came from, and the config file that sets them
 * (named by the no-silent-green warnings); no file when the defaults apply.
 */
export function searchedOf(config: FactlineConfig): { globs: string[]; where?: string } {
  return { globs: [...config.sources, ...config.tests], ...(config.file ? { where: config.file } : {}) };
}
