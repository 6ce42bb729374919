/** SARIF 2.1.0 for code-scanning annotations; paths relative to %SRCROOT%. Rule metadata comes from the rule table. */
import type { TraceResult } from '../model.ts';
import { fixFor, RULE_IDS, RULES } from '../rules.ts';
import { pathUri } from './escape/uri.ts';

export interface SarifOptions {
  version?: string;
}

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

// @implements trace#GATE-CI-OUTPUTS
// @implements trace#ONE-RULE-TABLE
export function renderSarif(result: TraceResult, options: SarifOptions = {}): string {
  const ruleIds = [...RULE_IDS].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'factline',
            informationUri: 'https://github.com/factline/factline',
            version: options.version ?? '0.1.0',
            rules: ruleIds.map((id) => ({
              id,
              name: id,
              shortDescription: { text: RULES[id].description },
              fullDescription: { text: RULES[id].help },
              help: { text: `fix: ${RULES[id].fix}` },
              defaultConfiguration: { level: LEVEL[RULES[id].severity] },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The repository root.' } } },
        results: result.findings.map((f) => ({
          ruleId: f.rule,
          ruleIndex: ruleIndex.get(f.rule)!,
          level: LEVEL[f.severity],
          message: { text: `${f.message}\nfix: ${fixFor(f)}` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: pathUri(f.file), uriBaseId: '%SRCROOT%' },
                region: { startLine: Math.max(1, f.line), startColumn: Math.max(1, f.column) },
              },
            },
          ],
          ...(f.fact !== undefined ? { properties: { fact: f.fact } } : {}),
        })),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
