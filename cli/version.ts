/** factline's own version, from its package.json; read when asked for, so start-up stays lean. */
import { readFileSync } from 'node:fs';

export function factlineVersion(): string {
  const pkg = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  return (JSON.parse(pkg) as { version: string }).version;
}
