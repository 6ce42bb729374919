/**
 * Every gate file's citations as the editor server sees them now (from disk,
 * or from the open buffer), each resolved against the loaded facts, and
 * which files cite each fact: what hover, references and code lens read
 * instead of scanning again. Pure: files come in as scanned citations.
 */
import type { ScannedFile } from '../../checks/citations.ts';
import { type FactIndex, resolveRef } from '../../checks/resolve.ts';
import type { ScannedCitation } from '../../checks/scan/types.ts';

export interface FileScan extends ScannedFile {
  /** The address each citation resolves to, by index; undefined when it does not resolve. */
  resolved: (string | undefined)[];
}

/** One citation of a fact, with the file it stands in. */
export interface PlacedCitation {
  file: string;
  inTest: boolean;
  citation: ScannedCitation;
}

export class ScanTable {
  private readonly scans = new Map<string, FileScan>();
  private readonly citing = new Map<string, Set<string>>();

  constructor(private index: FactIndex) {}

  get size(): number {
    return this.scans.size;
  }

  get(file: string): FileScan | undefined {
    return this.scans.get(file);
  }

  files(): IterableIterator<string> {
    return this.scans.keys();
  }

  /** Replaces a file's citations (an empty list keeps the file known, citing nothing). */
  set(file: string, inTest: boolean, citations: ScannedCitation[]): FileScan {
    this.unlink(file);
    const scan: FileScan = { file, inTest, citations, resolved: citations.map((c) => this.resolve(c)) };
    this.scans.set(file, scan);
    this.link(scan);
    return scan;
  }

  delete(file: string): void {
    this.unlink(file);
    this.scans.delete(file);
  }

  /**
   * The specs were read again: later citations resolve against `index`, and
   * when the facts' ids changed (`renamed`) every citation is resolved again.
   */
  reindex(index: FactIndex, renamed: boolean): void {
    this.index = index;
    if (!renamed) return;
    this.citing.clear();
    for (const scan of this.scans.values()) {
      scan.resolved = scan.citations.map((c) => this.resolve(c));
      this.link(scan);
    }
  }

  /** Every citation of the fact at `address`, in file order then place order. */
  citationsOf(address: string): PlacedCitation[] {
    const out: PlacedCitation[] = [];
    for (const file of [...(this.citing.get(address) ?? [])].sort()) {
      const scan = this.scans.get(file)!;
      scan.citations.forEach((citation, i) => {
        if (scan.resolved[i] === address) out.push({ file, inTest: scan.inTest, citation });
      });
    }
    return out;
  }

  /** The addresses a file's citations resolve to. */
  citedBy(file: string): Set<string> {
    const scan = this.scans.get(file);
    return new Set((scan?.resolved ?? []).filter((a) => a !== undefined));
  }

  /**
   * The files citing any of `addresses`, each with only the citations that
   * resolve to one of them: what the trace needs to judge those facts and
   * nothing else.
   */
  scannedFilesFor(addresses: ReadonlySet<string>): ScannedFile[] {
    const files = new Set<string>();
    for (const address of addresses) for (const file of this.citing.get(address) ?? []) files.add(file);
    const out: ScannedFile[] = [];
    for (const file of files) {
      const scan = this.scans.get(file)!;
      const citations = scan.citations.filter((_, i) => addresses.has(scan.resolved[i] ?? ''));
      out.push({ file, inTest: scan.inTest, citations });
    }
    return out;
  }

  private resolve(citation: ScannedCitation): string | undefined {
    if (citation.malformed !== undefined) return undefined;
    const found = resolveRef(citation, this.index);
    return found.kind === 'fact' ? found.fact.address : undefined;
  }

  private link(scan: FileScan): void {
    for (const address of scan.resolved) {
      if (address === undefined) continue;
      let files = this.citing.get(address);
      if (files === undefined) {
        files = new Set();
        this.citing.set(address, files);
      }
      files.add(scan.file);
    }
  }

  private unlink(file: string): void {
    const old = this.scans.get(file);
    if (old === undefined) return;
    for (const address of old.resolved) if (address !== undefined) this.citing.get(address)?.delete(file);
  }
}
