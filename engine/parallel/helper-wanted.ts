/**
 * When a helper thread (the stat helper, the read helper) is started: each
 * pays only from some number of files up and only where a second core can
 * run it beside the main thread; tests and benches force it either way.
 */
import { availableParallelism } from 'node:os';

/** `auto` where it pays, `always` whatever the size (tests), `off` never. */
export type HelperMode = 'auto' | 'always' | 'off';

/** Whether a helper is wanted for `files` files: under `auto`, from `min` files up on more than one core. */
export function helperWanted(
  mode: HelperMode,
  files: number,
  min: number,
  cores: number = availableParallelism(),
): boolean {
  if (mode === 'always') return files > 0;
  return mode === 'auto' && cores > 1 && files >= min;
}
