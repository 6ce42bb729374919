/**
 * Loaded before every test file (vitest.config.ts setupFiles): tests call the
 * reader directly, synchronously, on inputs the fast reader leaves to remark,
 * so the parser is in the reader's slot (reader/remark-slot.ts) from the
 * start, as in gen. The engine's own path, which loads it only when a spec
 * needs it, is held by the spawned runs of test/system/speed/spec-cache-modules.test.ts.
 */
import '../../reader/markdown.ts';
