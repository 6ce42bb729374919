/**
 * The scan cache in front of reading (engine/cache/scan-cache.ts): a file
 * whose stat is unchanged is answered without a read, one whose content
 * hash is unchanged without a scan. Delete this module and the choice of it
 * in engine/gate/run.ts, and every run reads and scans every file.
 */
import { readAndScanNow, type ScanBackend, type ScanOutcome } from '../../checks/gate.ts';
import type { FileScanner } from '../../checks/scan/dispatch.ts';
import type { ScanCache } from '../cache/scan-cache.ts';
import { readGateFile } from '../files/read.ts';

// @implements engine#WARM-EQUALS-COLD
export function cachedBackend(root: string, cache: ScanCache, scanner: FileScanner): ScanBackend {
  const read = (file: string) => readGateFile(root, file);
  const scan = (file: string, text: string) => cache.scan(file, text, scanner);
  return {
    read,
    async scanFiles(files) {
      const outcomes: ScanOutcome[] = new Array(files.length);
      // Every stat first, in list order: the stat helper works towards this thread along that order.
      // Only the files a stat does not answer are read.
      // @implements engine#WARM-READS-ONLY-CHANGED-FILES
      const unanswered: number[] = [];
      for (let i = 0; i < files.length; i++) {
        const byStat = cache.byStat(files[i]!);
        if (byStat === undefined) unanswered.push(i);
        else outcomes[i] = byStat;
      }
      for (const i of unanswered) {
        let outcome = readAndScanNow(read, scanner, files[i]!, scan);
        if (outcome instanceof Promise) outcome = await outcome;
        outcomes[i] = outcome;
        if (outcome instanceof Error) break;
      }
      return outcomes;
    },
  };
}
