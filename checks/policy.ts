/**
 * What evidence a fact needs (architecture.md, Policy). Pure.
 * void → nothing (citing it is a finding); `@requires:` → exactly its list;
 * normative and due (impl/test/freeze + done) → implementation and
 * verification; normative otherwise → pending; service unit → nothing,
 * unless strict, where it is judged as a normative fact.
 */
import type { EvidenceKind, Fact } from '../reader/model.ts';

export type Obligation =
  | { kind: 'void' }
  | { kind: 'required'; evidence: EvidenceKind[] }
  | { kind: 'pending' }
  | { kind: 'service' };

export interface PolicyOptions {
  strict: boolean;
}

const DUE_STAGES = new Set(['impl', 'test', 'freeze']);

/** Evidence kinds the gate can see in code; others are reported, not traced. */
export const TRACED_EVIDENCE = new Set<EvidenceKind>(['implementation', 'verification']);

// @implements factline#GATE-POLICY-TABLE
export function obligationOf(fact: Fact, options: PolicyOptions): Obligation {
  if (fact.status.state === 'void') return { kind: 'void' };
  if (fact.requires !== undefined && fact.requires.length > 0) {
    return { kind: 'required', evidence: [...new Set(fact.requires)] };
  }
  if (fact.factClass === 'service' && !options.strict) return { kind: 'service' };
  if (DUE_STAGES.has(fact.status.stage) && fact.status.state === 'done') {
    return { kind: 'required', evidence: ['implementation', 'verification'] };
  }
  return { kind: 'pending' };
}
