/**
 * The per-user folder every project's caches go under, found from the
 * environment alone: a module of its own so the stored-result check
 * (engine/cache/result-hit.ts), which runs before the rest of factline
 * loads, finds the same folder without loading anything else.
 */
import { homedir, platform } from 'node:os';
import { isAbsolute, join } from 'node:path';

type Env = Record<string, string | undefined>;

/** The per-user folder all projects' caches go under; the io's environment first, then the process's. */
export function userCacheHome(env: Env = process.env): string | undefined {
  const pick = (name: string) => env[name] || process.env[name];
  const xdg = pick('XDG_CACHE_HOME');
  if (xdg && isAbsolute(xdg)) return join(xdg, 'factline');
  if (platform() === 'win32') {
    const local = pick('LOCALAPPDATA');
    return local && isAbsolute(local) ? join(local, 'factline', 'Cache') : undefined;
  }
  let home: string;
  try {
    home = homedir();
  } catch {
    return undefined;
  }
  if (!isAbsolute(home)) return undefined;
  return platform() === 'darwin'
    ? join(home, 'Library', 'Caches', 'factline')
    : join(home, '.cache', 'factline');
}
