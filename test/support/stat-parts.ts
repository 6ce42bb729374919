/** The parts of a stat a helper thread sends back (engine/cache/stat-prefetch.ts StatParts), as statSync gives them. */
import type { Stats } from 'node:fs';
import type { StatParts } from '../../engine/cache/stat-prefetch.ts';

export function statPartsOf(st: Stats): StatParts {
  return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, mode: st.mode, dev: st.dev };
}
