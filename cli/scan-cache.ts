/**
 * Content-hash cache of scan results in `.factline-cache/` (gitignored):
 * an unchanged file is hashed, not tokenized, so a re-check costs little
 * more than reading the tree. Keyed by the scanner version too.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScannedCitation } from '../checks/scan/index.ts';

const VERSION = 'scan-v1';

interface Entry {
  hash: string;
  citations: ScannedCitation[];
}

export class ScanCache {
  private dirty = false;
  private readonly next = new Map<string, Entry>();

  private constructor(
    private readonly dir: string,
    private readonly entries: Map<string, Entry>,
  ) {}

  static open(root: string): ScanCache {
    const dir = join(root, '.factline-cache');
    let entries = new Map<string, Entry>();
    try {
      const raw = JSON.parse(readFileSync(join(dir, `${VERSION}.json`), 'utf8')) as Record<string, Entry>;
      entries = new Map(Object.entries(raw));
    } catch {
      // No cache yet, or a corrupt one: start empty.
    }
    return new ScanCache(dir, entries);
  }

  scan(
    file: string,
    text: string,
    scanner: (file: string, text: string) => ScannedCitation[],
  ): ScannedCitation[] {
    const hash = createHash('sha1').update(text).digest('base64');
    const hit = this.entries.get(file);
    if (hit && hit.hash === hash) {
      this.next.set(file, hit);
      return hit.citations;
    }
    const citations = scanner(file, text);
    this.next.set(file, { hash, citations });
    this.dirty = true;
    return citations;
  }

  /** Atomic write (temp + rename); files no longer scanned drop out. */
  save(): void {
    if (!this.dirty && this.next.size === this.entries.size) return;
    try {
      mkdirSync(this.dir, { recursive: true });
      const target = join(this.dir, `${VERSION}.json`);
      const temp = `${target}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(Object.fromEntries(this.next)));
      renameSync(temp, target);
    } catch {
      // A cache that cannot be written only costs speed.
    }
  }
}
