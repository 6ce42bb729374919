/**
 * too-many-implementations: a fact implemented at more than `max` places.
 * One fact done in many places is often one fact done several ways, or a
 * fact too broad to review; the rule names the fact and every site.
 */
import type { Finding } from '../model.ts';
import type { RuleUnit } from './unit.ts';

// @implements trace#RULE-TOO-MANY-IMPLEMENTATIONS
export const tooManyImplementations: RuleUnit<'too-many-implementations'> = {
  id: 'too-many-implementations',
  meta: {
    severity: 'warning',
    description: 'A fact has more counted @implements sites than the configured `max`.',
    help: 'A fact implemented in many places is often one fact done several ways, or one too broad to review; opt in with `"rules": {"too-many-implementations": ["error", {"max": 2}]}`.',
    fix: 'implement the fact in one place and call it from the others, or split the fact',
    scope: 'whole-tree',
    optIn: true,
    options: {
      max: {
        type: 'integer',
        min: 1,
        default: 1,
        description: 'the most implementing sites a fact may have',
      },
    },
  },
  check(result, options) {
    const max = options.max!;
    const sites = new Map<string, { file: string; line: number }[]>();
    for (const c of result.citations) {
      if (c.verb !== 'implements' || !c.counted || c.resolved === undefined) continue;
      const list = sites.get(c.resolved) ?? [];
      list.push({ file: c.file, line: c.line });
      sites.set(c.resolved, list);
    }
    const findings: Finding[] = [];
    for (const fact of result.facts) {
      const at = sites.get(fact.address);
      if (at === undefined || at.length <= max) continue;
      findings.push({
        rule: 'too-many-implementations',
        severity: 'warning',
        fact: fact.address,
        file: fact.file,
        line: fact.line,
        column: 1,
        message: `${fact.address} is implemented at ${at.length} places, more than ${max}: ${at.map((s) => `${s.file}:${s.line}`).join(', ')}`,
      });
    }
    return findings;
  },
};
