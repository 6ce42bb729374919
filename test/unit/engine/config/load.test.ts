/** factline.config.json problems are usage errors that name the place and the key. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonErrorPlace, loadConfig } from '../../../../engine/config/load.ts';
import { runInProcess } from '../../../support/cli.ts';
import { tempDir } from '../../../support/temp.ts';

let dir: string;
beforeEach(() => {
  dir = tempDir('config');
});

describe('factline.config.json', () => {
  it('names line and column of broken JSON, through the CLI with exit 2', async () => {
    writeFileSync(join(dir, 'factline.config.json'), '{\n  "strict": true,\n  "specs": [oops]\n}\n');
    const r = await runInProcess(dir, ['check']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('factline.config.json:3:13: invalid JSON');
    expect(r.stdout).toBe('');
  });

  it('places the first rejected character, whatever V8 says about it', () => {
    expect(jsonErrorPlace('{"a": 1,\n}')).toBe('2:1');
    expect(jsonErrorPlace('{"a": tru')).toBe('1:10');
    expect(jsonErrorPlace('[1, 2]x')).toBe('1:7');
  });

  it('refuses an unknown key and a wrongly typed one, naming them', () => {
    writeFileSync(join(dir, 'factline.config.json'), '{"spec": ["specs/**/*.md"]}');
    expect(() => loadConfig(dir)).toThrow(/`spec` is not a known key; did you mean `specs`/);
    writeFileSync(join(dir, 'factline.config.json'), '{"strict": "yes"}');
    expect(() => loadConfig(dir)).toThrow(/`strict` must be true or false/);
  });

  it('without a config file the defaults apply; a named config that is missing is an error', () => {
    expect(loadConfig(dir)).toMatchObject({ specs: ['specs/**/*.md'], strict: false, root: dir });
    expect(() => loadConfig(dir, 'nope.json')).toThrow(/cannot read config .*nope\.json/);
  });
});
