/** Applying a generation plan to the tree: every write checked before the first, then written atomically. */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PlannedDelete, PlannedOutput } from '../../generator/render/types.ts';
import { checkTarget, fsyncDir, writeFileAtomic } from '../files/atomic-write.ts';

/**
 * Writes every changed output, then removes orphans. Paths are relative to
 * `root`, and every target is checked before the first byte is written, so a
 * refused target leaves the whole tree as it was. (Deleting an orphan that is
 * a link removes the link, never what it points to.)
 */
export function applyChanges(root: string, writes: PlannedOutput[], deletes: PlannedDelete[]): void {
  const options = { root };
  for (const output of writes) checkTarget(join(root, output.path), options);
  for (const output of writes) writeFileAtomic(join(root, output.path), output.text, options);
  for (const orphan of deletes) {
    rmSync(join(root, orphan.path), { force: true });
    fsyncDir(dirname(join(root, orphan.path)));
  }
}
