/** factline.config.json is validated by the one schema table, at any depth, through the real CLI. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../../../checks/rules.ts';
import { parseConfig } from '../../../../engine/config/load.ts';
import { DEFAULT_CONFIG } from '../../../../engine/config/model.ts';
import { CONFIG_KEYS, configJsonSchema } from '../../../../engine/config/schema.ts';
import { REPO, runInProcess } from '../../../support/cli.ts';
import { formatWritten } from '../../../support/format-written.ts';

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
    if (process.env.UPDATE) {
      writeFileSync(schemaFile, `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
      formatWritten(schemaFile);
    }
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

describe("the shipped schema's `rules`", () => {
  /** Every rule id, near misses of some, and every form an entry can take, right or wrong. */
  function ruleCases(): { rules: Record<string, unknown> }[] {
    const ids = [...RULE_IDS, 'no-such-rule', 'stale-citations', 'Stale-Citation', ''];
    const settings: unknown[] = ['error', 'warning', 'off', 'info', 'ERROR', 1, null];
    const options: unknown[] = [
      undefined,
      {},
      { max: 2 },
      { max: 1 },
      { max: 0 },
      { max: -1 },
      { max: 1.5 },
      { max: '2' },
      { max: null },
      { bogus: 1 },
      { max: 2, bogus: 1 },
      [],
      null,
      'max',
    ];
    const entries: unknown[] = [
      ...settings,
      ...settings.flatMap((s) => options.map((o) => (o === undefined ? [s] : [s, o]))),
      ['error', { max: 2 }, 3],
      [],
      {},
    ];
    return ids.flatMap((id) => entries.map((entry) => ({ rules: { [id]: entry } })));
  }

  // @verifies engine#CONFIG-SCHEMA-NAMES-RULES
  it('accepts exactly the `rules` entries the config loader accepts, for every rule and form', () => {
    const validate = new Ajv2020({ strict: true }).compile(configJsonSchema());
    const cases = ruleCases();
    expect(cases.length).toBeGreaterThan(RULE_IDS.length * 100);
    const disagree = cases.filter((config) => {
      let loads = true;
      try {
        parseConfig(config, '/project', 'factline.config.json');
      } catch {
        loads = false;
      }
      return validate(config) !== loads;
    });
    expect(disagree.map((c) => JSON.stringify(c.rules))).toEqual([]);
    expect(validate({ rules: { 'too-many-implementations': ['error', { max: 2 }] } })).toBe(true);
  });

  // @verifies engine#CONFIG-SCHEMA-NAMES-RULES
  it('names every registered rule with its default severity and each option with its bounds', () => {
    const rules = (configJsonSchema() as { properties: { rules: { properties: Record<string, unknown> } } })
      .properties.rules.properties;
    expect(Object.keys(rules)).toEqual([...RULE_IDS]);
    expect(JSON.stringify(rules['too-many-implementations'])).toContain(
      '"max":{"type":"integer","minimum":1,"default":1',
    );
  });
});
