/**
 * The closed vocabularies of the markup, parsed in one place, with the
 * nearest-legal-value hint every "unknown value" diagnostic carries.
 */
import {
  ACTIONS,
  type Action,
  AUDIENCES,
  type Audience,
  SECTION_KINDS,
  STAGES,
  STATES,
  type Stage,
  type State,
} from './model.ts';

export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}
export function isState(value: string): value is State {
  return (STATES as readonly string[]).includes(value);
}
export function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}
export function isAudience(value: string): value is Audience {
  return (AUDIENCES as readonly string[]).includes(value);
}

/** Levenshtein distance; the vocabularies are tiny, so the plain DP is plenty. */
export function editDistance(a: string, b: string): number {
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/**
 * The closest legal value, when it is close enough to be a plausible typo
 * (distance ≤ max(2, a third of the word)); transpositions like `dnoe` count 2.
 */
export function nearest(value: string, legal: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const lower = value.toLowerCase();
  for (const candidate of legal) {
    const d = editDistance(lower, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(value.length / 3)) ? best : undefined;
}

/** "did you mean `done`? (accepted: plan, work, …)" */
export function suggestion(value: string, legal: readonly string[]): string {
  const near = nearest(value, legal);
  const accepted = `accepted: ${legal.join(', ')}`;
  return near ? `did you mean \`${near}\`? (${accepted})` : accepted;
}

export const KIND_LINE_KINDS = SECTION_KINDS;
