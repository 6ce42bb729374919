/** factline's own version, from its package.json; read when asked for, so start-up stays lean. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.ts';

export function factlineVersion(): string {
  const pkg = readFileSync(join(packageRoot(), 'package.json'), 'utf8');
  return (JSON.parse(pkg) as { version: string }).version;
}
