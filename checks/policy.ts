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

/**
 * Which evidence a normative fact needs by its status: `STAGE/STATE` keys
 * (either side may be `*`) → evidence kinds; the most specific key wins.
 * A status no key matches is pending.
 */
export type PolicyTable = Record<string, EvidenceKind[]>;

export const POLICY_PRESETS: Record<string, PolicyTable> = {
  // factline's own: due (impl/test/freeze and done) → implemented and verified.
  factline: {
    'impl/done': ['implementation', 'verification'],
    'test/done': ['implementation', 'verification'],
    'freeze/done': ['implementation', 'verification'],
  },
  // vibevm's: a frozen unit needs an implementing edge, a test/done one a verifying edge.
  vibevm: {
    'freeze/*': ['implementation'],
    'test/done': ['verification'],
  },
};

export interface PolicyOptions {
  strict: boolean;
  /** Defaults to the `factline` preset. */
  policy?: PolicyTable;
}

/** A preset's name or a table, checked; the message names what is wrong and the presets. */
export function policyTable(value: unknown): PolicyTable | string {
  if (typeof value === 'string') {
    return (
      POLICY_PRESETS[value] ??
      `unknown policy preset \`${value}\` (known: ${Object.keys(POLICY_PRESETS).join(', ')})`
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return 'must be a preset name or an object of "STAGE/STATE": ["implementation", "verification"]';
  }
  for (const [key, evidence] of Object.entries(value)) {
    if (!/^[a-z*]+\/[a-z*]+$/.test(key)) return `key \`${key}\` is not STAGE/STATE (e.g. "freeze/*")`;
    if (!Array.isArray(evidence) || !evidence.every((e) => typeof e === 'string')) {
      return `\`${key}\` must list evidence kinds, e.g. ["implementation"]`;
    }
  }
  return value as PolicyTable;
}

function evidenceFor(fact: Fact, table: PolicyTable): EvidenceKind[] | undefined {
  const { stage, state } = fact.status;
  return table[`${stage}/${state}`] ?? table[`${stage}/*`] ?? table[`*/${state}`] ?? table['*/*'];
}

/** Evidence kinds the gate can see in code; others are reported, not traced. */
export const TRACED_EVIDENCE = new Set<EvidenceKind>(['implementation', 'verification']);

// @implements factline#GATE-POLICY-TABLE
// @implements real-codebases#POLICY-AS-CONFIG
export function obligationOf(fact: Fact, options: PolicyOptions): Obligation {
  if (fact.status.state === 'void') return { kind: 'void' };
  if (fact.requires !== undefined && fact.requires.length > 0) {
    return { kind: 'required', evidence: [...new Set(fact.requires)] };
  }
  if (fact.factClass === 'service' && !options.strict) return { kind: 'service' };
  const evidence = evidenceFor(fact, options.policy ?? POLICY_PRESETS.factline!);
  if (evidence !== undefined && evidence.length > 0) return { kind: 'required', evidence: [...evidence] };
  return { kind: 'pending' };
}
