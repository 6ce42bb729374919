/**
 * What evidence a fact needs (architecture.md, Policy). Pure.
 * void → nothing (citing it is a finding); `@requires:` → exactly its list;
 * normative and due (impl/test/freeze + done) → implementation and
 * verification; normative otherwise → pending; service unit → nothing,
 * unless strict, where it is judged as a normative fact.
 */

import { suggestion } from '../reader/did-you-mean.ts';
import { EVIDENCE_KINDS, type EvidenceKind, type Fact, STAGES, STATES } from '../reader/model.ts';

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
    const problem = keyProblem(key);
    if (problem !== undefined) return problem;
    if (!Array.isArray(evidence) || !evidence.every((e) => typeof e === 'string')) {
      return `\`${key}\` must list evidence kinds, e.g. ["implementation"]`;
    }
    for (const kind of evidence) {
      if (!(EVIDENCE_KINDS as readonly string[]).includes(kind))
        return `\`${key}\` names \`${kind}\`, which is not an evidence kind: ${suggestion(kind, EVIDENCE_KINDS)}`;
    }
  }
  return value as PolicyTable;
}

/** A key names a stage and a state of the vocabulary (or `*`); a typo would match no fact and need nothing. */
// @implements trace#POLICY-KEYS-VALIDATED
function keyProblem(key: string): string | undefined {
  const parts = key.split('/');
  if (parts.length !== 2) return `key \`${key}\` is not STAGE/STATE (e.g. "freeze/*")`;
  const [stage, state] = parts as [string, string];
  if (stage !== '*' && !(STAGES as readonly string[]).includes(stage))
    return `key \`${key}\` names the stage \`${stage}\`, which does not exist: ${suggestion(stage, STAGES)} (or \`*\`)`;
  if (state !== '*' && !(STATES as readonly string[]).includes(state))
    return `key \`${key}\` names the state \`${state}\`, which does not exist: ${suggestion(state, STATES)} (or \`*\`)`;
  return undefined;
}

function evidenceFor(fact: Fact, table: PolicyTable): EvidenceKind[] | undefined {
  const { stage, state } = fact.status;
  return table[`${stage}/${state}`] ?? table[`${stage}/*`] ?? table[`*/${state}`] ?? table['*/*'];
}

/** Evidence kinds the gate can see in code; others are reported, not traced. */
export const TRACED_EVIDENCE = new Set<EvidenceKind>(['implementation', 'verification', 'refinement']);

// @implements trace#GATE-POLICY-TABLE
// @implements trace#POLICY-AS-CONFIG
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
