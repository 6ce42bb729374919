/** The plain backend: every file read and scanned on this thread. The one the others fall back to. */
import { readingBackend, type ScanBackend } from '../../checks/gate.ts';
import type { FileScanner } from '../../checks/scan/dispatch.ts';
import { readGateFile } from '../files/read.ts';
import type { ReadAhead } from '../files/read-ahead.ts';

/** With `readAhead`, the texts a helper thread read (engine/files/read-ahead.ts); they read as readGateFile does. */
export function sequentialBackend(root: string, scanner: FileScanner, readAhead?: ReadAhead): ScanBackend {
  if (readAhead !== undefined) return readingBackend(readAhead.read, scanner);
  return readingBackend((file) => readGateFile(root, file), scanner);
}
