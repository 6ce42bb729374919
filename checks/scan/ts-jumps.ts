/**
 * Where the walk (typescript.ts) may jump, as the skim (ts-skim.ts) found
 * it: the walk asks at two points only, each `{` and each top-level
 * statement end, and a run without jumps answers "nowhere" to both, so the
 * tests can compare the two and a jump can be deleted without touching the walk.
 */
import { K, type Kind } from './ts-lexer.ts';
import type { Skim } from './ts-skim.ts';

export interface Jumps {
  /** The offset of the `}` closing the `{` at `open` when nothing inside it can be cited or bind a citation, else -1. */
  braceEnd(open: number): number;
  /**
   * After a top-level statement end at `at`: the last statement end before
   * the next tag, where the walk's state is the same as it is here, else -1.
   */
  lastStatementEnd(at: number): number;
}

/** No jumps: the walk reads every token. */
export const NO_JUMPS: Jumps = {
  braceEnd: () => -1,
  lastStatementEnd: () => -1,
};

/** The kind of the statement end at `at` (`;` or `}`), for the walk resuming after it. */
export function statementEndKind(text: string, at: number): Kind {
  return text.charCodeAt(at) === 59 /* ; */ ? K.Semicolon : K.CloseBrace;
}

/**
 * The skim's jumps over one file whose tag candidates are `candidates`. The
 * walk asks in file order, so each answer moves a cursor forward: one pass
 * over the skim's lists in all.
 */
// @implements scanner#SKIM-BEFORE-THE-WALK
export class SkimJumps implements Jumps {
  private nextBrace = 0;
  private nextStatement = 0;
  private nextCandidate = 0;

  constructor(
    private readonly skimmed: Skim,
    private readonly candidates: readonly number[],
    private readonly textLength: number,
  ) {}

  braceEnd(open: number): number {
    const { braceOpens, braceCloses, braces } = this.skimmed;
    let n = this.nextBrace;
    while (n < braces && braceOpens[n]! < open) n++;
    this.nextBrace = n;
    if (n < braces && braceOpens[n] === open) {
      const close = braceCloses[n]!;
      if (close > open) return close;
    }
    return -1;
  }

  lastStatementEnd(at: number): number {
    const { statementEnds, statements } = this.skimmed;
    const candidates = this.candidates;
    let c = this.nextCandidate;
    while (c < candidates.length && candidates[c]! <= at) c++;
    this.nextCandidate = c;
    const tag = c < candidates.length ? candidates[c]! : this.textLength;
    let n = this.nextStatement;
    while (n < statements && statementEnds[n]! <= at) n++;
    let last = -1;
    while (n < statements && statementEnds[n]! < tag) last = statementEnds[n++]!;
    this.nextStatement = n;
    return last > at ? last : -1;
  }
}
