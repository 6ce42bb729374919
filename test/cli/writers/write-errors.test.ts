/**
 * A full disk or a refused permission while writing is exit 2 naming the
 * path, with the old file intact and no temp file left (the fs fails on cue).
 */
import type * as fs from 'node:fs';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInProcess } from '../../support/cli.ts';
import { GEN_CONFIG, tempProject } from '../../support/temp.ts';

const failure: { code?: string } = {};
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const fail = (syscall: string) => {
    const error = new Error(`${failure.code}: simulated, ${syscall}`) as NodeJS.ErrnoException;
    error.code = failure.code;
    throw error;
  };
  return {
    ...real,
    writeSync: (...args: Parameters<typeof real.writeSync>) =>
      failure.code === 'ENOSPC' ? fail('write') : real.writeSync(...args),
    openSync: (...args: Parameters<typeof real.openSync>) =>
      failure.code === 'EACCES' && String(args[0]).endsWith('.tmp') ? fail('open') : real.openSync(...args),
  };
});

afterEach(() => {
  failure.code = undefined;
});

function project(): string {
  return tempProject({
    'specs/doc.md': '# Doc\n\n@fact:ONE One holds. @status:impl/done\n',
    'templates/one.ts.hbs': 'export const one = 1;\n',
    'src/a.ts': '// @implements doc#ONE~00000000\nexport const a = 1;\n',
    'factline.config.json': GEN_CONFIG,
  });
}

describe('ENOSPC and EACCES while writing', () => {
  // @verifies engine#WRITERS-ATOMIC-OR-NOTHING
  it.each(['ENOSPC', 'EACCES'])(
    '%s in gen and pin: exit 2 with the path, nothing half-written',
    async (code) => {
      const dir = project();
      expect((await runInProcess(dir, ['gen'])).code).toBe(0);
      const generated = readFileSync(join(dir, 'generated', 'one.ts'), 'utf8');
      writeFileSync(join(dir, 'templates', 'one.ts.hbs'), 'export const one = 2;\n');
      failure.code = code;
      const gen = await runInProcess(dir, ['gen']);
      expect(gen.code).toBe(2);
      expect(gen.stderr).toMatch(
        new RegExp(
          `cannot write .*generated/one\\.ts: ${code === 'ENOSPC' ? 'no space left' : 'permission denied'}`,
        ),
      );
      expect(readFileSync(join(dir, 'generated', 'one.ts'), 'utf8')).toBe(generated);
      expect(readdirSync(join(dir, 'generated'))).toEqual(['one.ts']);

      const source = readFileSync(join(dir, 'src', 'a.ts'), 'utf8');
      const pin = await runInProcess(dir, ['pin']);
      expect(pin.code).toBe(2);
      expect(pin.stderr).toMatch(/cannot write .*src\/a\.ts: .*; it is unchanged; nothing written/);
      expect(readFileSync(join(dir, 'src', 'a.ts'), 'utf8')).toBe(source);
      expect(readdirSync(join(dir, 'src'))).toEqual(['a.ts']);
    },
  );
});
