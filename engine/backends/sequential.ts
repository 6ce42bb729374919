/** The plain backend: every file read and scanned on this thread. The one the others fall back to. */
import { readingBackend, type ScanBackend } from '../../checks/gate.ts';
import type { FileScanner } from '../../checks/scan/dispatch.ts';
import { readGateFile } from '../files/read.ts';

export function sequentialBackend(root: string, scanner: FileScanner): ScanBackend {
  return readingBackend((file) => readGateFile(root, file), scanner);
}
