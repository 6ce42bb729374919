import { describe, expect, it } from 'vitest';
import { compileDeclaredTypes } from '../../../engine/config/declared-types.ts';
import { pickValue, ValueTypes } from '../../../generator/render/index.ts';
import { runInProcess } from '../../support/cli.ts';
import { TOOLS } from '../../support/language-tools.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const declared = compileDeclaredTypes({
  semver: { pattern: '^\\d+\\.\\d+\\.\\d+$', example: '1.2.3' },
  percent: { range: [0, 100] },
  ratio: { range: [0, 1.5] },
  level: { enum: ['debug', 'info', 'warn'] },
  retries: { schema: { type: 'integer', minimum: 1, maximum: 9 } },
  flag: { schema: { type: 'boolean' } },
});
const types = new ValueTypes(declared.types);
const pick = (codes: string[], type: string) => pickValue(codes, type, undefined, types);

describe('declared value types', () => {
  // @verifies generator#DECLARED-VALUE-TYPES
  it('take the one span that satisfies the type, typed', () => {
    expect(declared.problems).toEqual([]);
    expect(pick(['v', '1.20.3'], 'semver')).toMatchObject({
      ok: true,
      value: { kind: 'string', value: '1.20.3' },
    });
    expect(pick(['75'], 'percent')).toMatchObject({ ok: true, value: { kind: 'integer', value: '75' } });
    expect(pick(['0.25'], 'ratio')).toMatchObject({ ok: true, value: { kind: 'number', value: '0.25' } });
    expect(pick(['info'], 'level')).toMatchObject({ ok: true, value: { kind: 'string', value: 'info' } });
    expect(pick(['3'], 'retries')).toMatchObject({ ok: true, value: { kind: 'integer', value: '3' } });
    expect(pick(['true'], 'flag')).toMatchObject({ ok: true, value: { kind: 'boolean', value: true } });
  });

  // @verifies generator#DECLARED-VALUE-TYPES
  it('refuse a span that breaks the type, saying why', () => {
    expect(pick(['1.2'], 'semver')).toMatchObject({
      ok: false,
      kind: 'invalid',
      found: '`1.2` does not match /^\\d+\\.\\d+\\.\\d+$/',
    });
    expect(pick(['101'], 'percent')).toMatchObject({
      ok: false,
      found: '`101` is not a whole number in 0..100',
    });
    expect(pick(['trace'], 'level')).toMatchObject({
      ok: false,
      found: '`trace` is not one of `debug`, `info`, `warn`',
    });
    expect(pick(['12'], 'retries')).toMatchObject({
      ok: false,
      found: "`12` does not satisfy the type's JSON Schema: value must be <= 9",
    });
  });

  it('keep MCP’s types as a preset beside the general ones', () => {
    expect(types.names().slice(0, 8)).toEqual([
      'revision',
      'jsonrpc-code',
      'method',
      'integer',
      'number',
      'boolean',
      'bytes',
      'string',
    ]);
    expect(pick(['-32601'], 'jsonrpc-code')).toMatchObject({
      ok: true,
      value: { kind: 'integer', value: '-32601' },
    });
  });

  // @verifies generator#DECLARED-VALUE-TYPES
  it('refuse a malformed declaration, naming its key path', () => {
    expect(
      compileDeclaredTypes({
        integer: { range: [0, 1] },
        Bad: { pattern: 'x' },
        two: { pattern: 'x', enum: ['a'] },
        broken: { pattern: '(' },
        backwards: { range: [5, 1] },
        object: { schema: { type: 'object' } },
        'unknown-keyword': { schema: { type: 'string', formatt: 'x' } },
      }).problems.map((p) => p.split(' ').slice(0, 3).join(' ')),
    ).toEqual([
      '`generate.valueTypes.integer` redefines the',
      '`generate.valueTypes.Bad` is not',
      '`generate.valueTypes.two` needs exactly',
      '`generate.valueTypes.broken` .pattern is',
      '`generate.valueTypes.backwards` .range must',
      '`generate.valueTypes.object` .schema describes',
      '`generate.valueTypes.unknown-keyword` .schema does',
    ]);
  });

  it('stop gen with exit 2 when the config declares one badly', async () => {
    const dir = tempDir('value-types');
    const files: Record<string, string> = {
      'factline.config.json': JSON.stringify({
        generate: {
          spec: 'specs/doc.md',
          templates: 'templates',
          out: 'generated',
          valueTypes: { port: { range: [1] } },
        },
      }),
      'specs/doc.md': '# Doc\n\n@fact:PORT Port `80`. @status:impl/done\n',
      'templates/a.ts.hbs': 'export const PORT = {{value "PORT" type="port"}};\n',
    };
    writeFiles(dir, files);
    const gen = await runInProcess(dir, ['gen'], TOOLS);
    expect(gen.code).toBe(2);
    expect(gen.stderr).toContain('`generate.valueTypes.port` .range must be [MIN, MAX]');
  });
});
