/** factline.config.json is validated by the one schema table, at any depth, through the real CLI. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../../engine/config/model.ts';
import { CONFIG_KEYS, configJsonSchema } from '../../../../engine/config/schema.ts';
import { REPO, runInProcess } from '../../../support/cli.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'factline-config-schema-'));
  mkdirSync(join(dir, 'specs'));
  writeFileSync(join(dir, 'specs', 'doc.md'), '# Doc\n\n@fact:ALPHA Alpha. @status:impl/done\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function checkWith(config: string) {
  writeFileSync(join(dir, 'factline.config.json'), config);
  return runInProcess(dir, ['check', '--no-cache']);
}

describe('config validation by schema', () => {
  // @verifies engine#CONFIG-VALIDATED-BY-SCHEMA
  it.each([
    ['{"generate": {"Spec": "specs/doc.md"}}', '`generate.Spec` is not a known key; did you mean `spec`?'],
    ['{"generate": "specs/doc.md"}', '`generate` must be an object, not the string'],
    ['{"generate": []}', '`generate` must be an object, not an array'],
    ['{"generate": null}', '`generate` must be an object, not null'],
    ['{"generate": {"out": 3}}', '`generate.out` must be a non-empty string, not number 3'],
    ['{"sorces": ["src/**"]}', '`sorces` is not a known key; did you mean `sources`?'],
    ['{"tests": ["ok", 7]}', '`tests[1]` must be a non-empty string, not number 7'],
    ['{"strict": null}', '`strict` must be true or false, not null'],
  ])('%s is exit 2 naming the key path and the fix', async (config, message) => {
    const r = await checkWith(config);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/TypeError|\n\s+at /);
    expect(r.stdout).toBe('');
  });

  // @verifies engine#CONFIG-SCHEMA-TABLE
  it('a valid config still gates: a required fact without evidence fails with exit 1', async () => {
    const r = await checkWith('{"$schema": "x", "generate": {"spec": "specs/doc.md"}, "strict": false}');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('missing-implementation doc#ALPHA');
  });

  // @verifies engine#CONFIG-SCHEMA-TABLE
  it('the shipped JSON Schema is the one the table emits, accepts the defaults and rejects what the CLI rejects', async () => {
    const schemaFile = join(REPO, 'schema', 'factline.config.schema.json');
    // UPDATE=1 rewrites the shipped schema from the table (after adding a key); the diff is the review.
    if (process.env.UPDATE) writeFileSync(schemaFile, `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
    const shipped = JSON.parse(readFileSync(schemaFile, 'utf8'));
    expect(shipped, 'run: UPDATE=1 npx vitest run test/unit/engine/config/schema.test.ts').toEqual(
      configJsonSchema(),
    );
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
    expect(pkg.files).toContain('schema/factline.config.schema.json');
    const validate = new Ajv2020({ strict: true }).compile(shipped);
    expect(validate(DEFAULT_CONFIG)).toBe(true);
    expect(validate(JSON.parse(readFileSync(join(REPO, 'factline.config.json'), 'utf8')))).toBe(true);
    expect(validate({ generate: { Spec: 'x' } })).toBe(false);
    expect(validate({ generate: null })).toBe(false);
    expect(Object.keys(DEFAULT_CONFIG).sort()).toEqual(Object.keys(CONFIG_KEYS).sort());
  });
});
