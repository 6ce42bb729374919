/**
 * `factline export --format reqif|needs-json`: the gate runs (so each fact
 * carries its evidence state), the export model is made from its result and
 * the specs, and the chosen writer lays it out.
 */
import { exportModel } from '../../checks/interchange/export-model.ts';
import { writeNeedsJson } from '../../checks/interchange/needs-json.ts';
import { writeReqif } from '../../checks/interchange/reqif/write.ts';
import type { Project } from '../project.ts';
import { factlineVersion } from '../version.ts';

import type { ExportFormat } from './formats.ts';

export { EXPORT_FORMATS, type ExportFormat } from './formats.ts';

export interface ExportOutcome {
  text: string;
  facts: number;
  documents: number;
  /** Links whose target is no fact, each placed (`file:line:col: …`): left out of the export. */
  warnings: string[];
}

/** The time stamped into the file: SOURCE_DATE_EPOCH when set (reproducible builds), else now. */
export function exportTime(env: NodeJS.ProcessEnv): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  const date = epoch !== undefined && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date();
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export async function runExport(
  project: Project,
  format: ExportFormat,
  options: { strict: boolean },
): Promise<ExportOutcome> {
  const { result, specs } = await project.check({ strict: options.strict, cache: true });
  const model = exportModel(specs.set, result);
  const time = exportTime(project.io.env);
  const tool = `factline ${factlineVersion()}`;
  const title = project.config.namespace ?? 'factline specs';
  const warnings: string[] = [];
  const text =
    format === 'reqif'
      ? writeReqif(model, {
          title,
          time,
          tool,
          ...(project.config.attributes ? { attributeTypes: project.config.attributes } : {}),
          warn: (m) => warnings.push(m),
        })
      : writeNeedsJson(model, { project: title, version: '1.0', time });
  return {
    text,
    facts: model.documents.reduce((n, d) => n + d.facts.length, 0),
    documents: model.documents.length,
    warnings: [
      ...model.unresolved.map(
        (u) =>
          `${u.file}:${u.line}:${u.column}: warning the link to ${u.target} names no fact; it is left out of the export`,
      ),
      ...warnings,
    ],
  };
}
