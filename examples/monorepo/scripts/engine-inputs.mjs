#!/usr/bin/env node
/**
 * Writes each package's engine inputs from what factline says its shard reads
 * (`factline check --shard PATH --inputs --json`): a package whose citations
 * name another package's spec gets a `turbo.json` (Turborepo package
 * configuration) and a `project.json` (Nx) adding that spec to the shard
 * task's inputs, so editing it reruns the citing shard too. `--check` writes
 * nothing and exits 1 when a file is not what it would write.
 *
 * FACTLINE_BIN names factline's bin/factline.js (default: this checkout's).
 */
// @implements monorepo#EXAMPLE-MONOREPO-ON-TWO-ENGINES
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = process.env.FACTLINE_BIN ?? join(root, '../../bin/factline.js');
const check = process.argv.includes('--check');
let stale = 0;

function want(file, content) {
  const path = join(root, file);
  const now = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (now === content) return;
  stale++;
  if (check) {
    console.error(`${file}: ${content === undefined ? 'should not exist' : 'out of date'}`);
    return;
  }
  if (content === undefined) rmSync(path);
  else writeFileSync(path, content);
  console.log(`${content === undefined ? 'removed' : 'wrote'} ${file}`);
}

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

for (const name of readdirSync(join(root, 'packages')).sort()) {
  const folder = `packages/${name}`;
  const inputs = JSON.parse(
    execFileSync(process.execPath, [bin, 'check', '--shard', folder, '--inputs', '--json'], {
      cwd: root,
      encoding: 'utf8',
    }),
  );
  const cited = inputs.cited;
  want(
    `${folder}/turbo.json`,
    cited.length === 0
      ? undefined
      : json({
          $schema: 'https://turborepo.com/schema.json',
          extends: ['//'],
          tasks: {
            'factline:shard': {
              inputs: ['$TURBO_DEFAULT$', '!.factline/**', ...cited.map((file) => `$TURBO_ROOT$/${file}`)],
            },
          },
        }),
  );
  want(
    `${folder}/project.json`,
    cited.length === 0
      ? undefined
      : json({
          name: JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).name,
          targets: {
            'factline:shard': { inputs: ['factline', ...cited.map((file) => `{workspaceRoot}/${file}`)] },
          },
        }),
  );
}
if (check && stale > 0) {
  console.error(`${stale} engine input file(s) differ: run \`npm run engine-inputs\``);
  process.exit(1);
}
