/**
 * The specs as the editor server sees them: each spec file's text (from
 * disk, or the open buffer's) parsed into its document, the set in load
 * order, and the fact index citations resolve against. Texts come in,
 * documents come out (the reader is loaded on the first edit).
 */
import { type Addressing, type FactIndex, indexFacts } from '../../checks/resolve.ts';
import type { Fact, SpecDocument, SpecSet } from '../../reader/model.ts';
import { parseSpecLazily } from '../specs.ts';

export class SpecView {
  private documents: SpecDocument[];
  private readonly texts: Map<string, string>;
  set: SpecSet;
  index: FactIndex;

  constructor(
    loaded: { set: SpecSet; sources: ReadonlyMap<string, string> },
    private readonly addressing: Addressing,
  ) {
    this.documents = [...loaded.set.documents];
    this.texts = new Map(loaded.sources);
    this.set = { documents: this.documents };
    this.index = indexFacts(this.set, addressing);
  }

  isSpec(file: string): boolean {
    return this.documents.some((d) => d.file === file);
  }

  document(file: string): SpecDocument | undefined {
    return this.documents.find((d) => d.file === file);
  }

  /** The text the document was read from (the buffer's while one is open). */
  text(file: string): string | undefined {
    return this.texts.get(file);
  }

  /** Document names in load order. */
  docNames(): string[] {
    return this.documents.map((d) => d.doc);
  }

  fact(address: string): Fact | undefined {
    return this.index.byAddress.get(address);
  }

  /**
   * Reads a spec file's new text in place of the old. True when its set of
   * citable names (fact ids, anchored headings) changed, so citations must be
   * resolved again; a reworded fact keeps its address and only its digest moves.
   */
  async update(file: string, text: string): Promise<boolean> {
    const at = this.documents.findIndex((d) => d.file === file);
    if (at === -1) return false;
    const before = this.documents[at]!;
    // The Markdown parser loads with the first spec edit: a start from the spec cache never needs it.
    const after = await parseSpecLazily(text, { file, doc: before.doc });
    this.texts.set(file, text);
    this.documents = this.documents.map((d, i) => (i === at ? after : d));
    this.set = { documents: this.documents };
    this.index = indexFacts(this.set, this.addressing);
    return namesOf(before) !== namesOf(after);
  }
}

function namesOf(doc: SpecDocument): string {
  const anchors = doc.sections.filter((s) => s.explicitAnchor).map((s) => `#${s.anchor}`);
  return [...doc.facts.map((f) => f.id), ...anchors].sort().join('\n');
}
