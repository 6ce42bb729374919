import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { glob } from 'tinyglobby';
import type { Finding } from '../../checks/model.ts';
import { xmlDialectFinding } from '../../checks/profiles/vibevm-xml.ts';
import type { FactlineConfig } from '../config/model.ts';

/**
 * Under the vibevm profile, the `.xml` spec sources vibevm's specmap reads
 * (every `.xml` under a spec root, and a root spec document named `.xml`, less
 * the spec exclusions), each judged against its XML dialect.
 */
// @implements vibevm#XML-DIALECT
export async function xmlSpecFindings(config: FactlineConfig): Promise<Finding[]> {
  if (config.profile !== 'vibevm' || config.vibevmGates?.readsXml === false) return [];
  const roots = config.specs
    .filter((g) => g.endsWith('/**/*.md'))
    .map((g) => `${g.slice(0, -'*.md'.length)}*.xml`);
  const rootDocs = config.specs.filter((g) => g.endsWith('.xml'));
  const files = await glob([...roots, ...rootDocs], {
    cwd: config.root,
    onlyFiles: true,
    dot: false,
    ignore: config.specExclude,
  });
  const out: Finding[] = [];
  for (const file of files.sort()) {
    let text: string;
    try {
      text = readFileSync(resolve(config.root, file), 'utf8');
    } catch {
      continue;
    }
    const found = xmlDialectFinding(file, text);
    if (found) out.push(found);
  }
  return out;
}
