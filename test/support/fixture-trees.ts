/** The fixture trees the tests run `check` on, found by walking test/. */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const TEST_ROOT = join(import.meta.dirname, '..');

/** Every fixture tree a test runs `check` on (any folder with a config under a `fixtures` folder), with its arguments. */
export function fixtureTrees(): { name: string; path: string; args: string[] }[] {
  const out: { name: string; path: string; args: string[] }[] = [];
  const visit = (dir: string, inFixtures: boolean): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      const name = relative(TEST_ROOT, path);
      if (inFixtures && existsSync(join(path, 'factline.config.json'))) out.push({ name, path, args: [] });
      else if (inFixtures && existsSync(join(path, 'specmap.toml')))
        out.push({ name, path, args: ['--config', 'specmap.toml'] });
      else visit(path, inFixtures || entry.name === 'fixtures');
    }
  };
  visit(TEST_ROOT, false);
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}
