/**
 * `check` through the engine's front door: the outcome `runCheck` returns
 * to any caller is what `factline check` prints, with the baseline, the
 * HTML report and the verdict decided in the engine, not in the CLI.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, runCheck } from '../../../engine/index.ts';
import { runFactline } from '../../support/cli.ts';
import { tempDir } from '../../support/temp.ts';

/** One fact implemented and verified, one fact with neither. */
function project(): string {
  const dir = tempDir('front-door');
  const files: Record<string, string> = {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
    }),
    'specs/app.md':
      '# App\n\n@fact:PING Ping answers. @status:impl/done\n\n@fact:PONG Pong answers. @status:impl/done\n',
    'src/ping.ts': '// @implements app#PING\nexport const ping = () => "pong";\n',
    'test/ping.test.ts': "it('pings', () => {\n  // @verifies app#PING\n});\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const quietIO = (cwd: string) => ({ cwd, env: {}, stderr: { write: () => true } });

describe('check through engine/check.ts', () => {
  // @verifies engine#CHECK-FRONT-DOOR
  it('gives any caller the result `factline check --json` prints, and the verdict its exit code says', async () => {
    const dir = project();
    const outcome = await runCheck(quietIO(dir), { config: loadConfig(dir), cache: false });
    const cli = await runFactline(['check', '--json', '--no-cache'], dir);
    expect(cli.code).toBe(1);
    expect(outcome.verdict).toBe('findings');
    expect(JSON.parse(cli.stdout)).toEqual(JSON.parse(JSON.stringify(outcome.result)));
  });

  // @verifies engine#CHECK-FRONT-DOOR
  it('applies the baseline and renders the report in the engine: a baselined gap passes, and the HTML is the page `--html` writes', async () => {
    const dir = project();
    expect((await runFactline(['baseline', '--out', 'baseline.json'], dir)).code).toBe(0);
    const outcome = await runCheck(quietIO(dir), {
      config: loadConfig(dir),
      cache: false,
      baseline: 'baseline.json',
      html: true,
    });
    expect(outcome.verdict).toBe('clean');
    expect(outcome.html).toMatch(/^<!doctype html>/i);
    const cli = await runFactline(['check', '--baseline', 'baseline.json', '--html', 'report.html'], dir);
    expect(cli.code).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe(outcome.html);
  });
});
