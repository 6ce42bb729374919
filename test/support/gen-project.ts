/** A temp project holding this repository's config, specs, templates and fixture server (node_modules linked), for `gen`. */
import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './cli.ts';
import { tempDir } from './temp.ts';

/** What `factline gen` and the fixture server read; generated/ is left out, so every test starts from the templates alone. */
const PROJECT = [
  'package.json',
  'factline.config.json',
  'specs',
  'templates',
  'test/fixtures/echo-server.ts',
];

export function copyRepo(): string {
  const dir = tempDir('gen');
  for (const part of PROJECT) cpSync(join(REPO, part), join(dir, part), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Every generated module's text, by its path under generated/. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const root = join(dir, 'generated');
  if (!existsSync(root)) return out;
  for (const name of readdirSync(root, { recursive: true }) as string[]) {
    const abs = join(root, name);
    if (name.endsWith('.ts')) out[name] = readFileSync(abs, 'utf8');
  }
  return out;
}

export const templatesOf = (dir: string) =>
  readdirSync(join(dir, 'templates'))
    .filter((n) => n.endsWith('.hbs') || n.endsWith('.ts'))
    .sort();
