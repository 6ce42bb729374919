/**
 * Judging the attributes written on facts (`@attr:KEY=VALUE`) against the
 * types the config declares for them: a key it does not list, or a value not
 * of its key's type, is an error at the attribute's place. The types arrive
 * compiled as a checker (engine/config/attribute-types.ts), so this stays pure.
 */
import { nearest } from '../reader/did-you-mean.ts';
import type { Fact } from '../reader/model.ts';
import type { FindingCollector } from './findings.ts';
import { attributeInvalid } from './rules/attribute-invalid.ts';
import { unknownAttribute } from './rules/unknown-attribute.ts';

export interface AttributeChecker {
  /** The declared keys, for the did-you-mean. */
  keys: readonly string[];
  /** Undefined when the value is of the key's type. */
  check(
    key: string,
    value: string,
  ): undefined | { unknown: true } | { why: string; example: string; type: string };
  /** The value as its key's type reads it (`02` and `2` alike for an integer); undefined when not of the type or the key is undeclared. */
  typed?(key: string, value: string): string | undefined;
}

// @implements chains#ATTRIBUTES-TYPED-IN-CONFIG
export function judgeAttributes(
  facts: readonly Fact[],
  checker: AttributeChecker,
  out: FindingCollector,
): void {
  for (const fact of facts) {
    for (const a of fact.attributes ?? []) {
      const verdict = checker.check(a.key, a.value);
      if (verdict === undefined) continue;
      const place = { file: fact.file, line: a.line, column: a.column, fact: fact.address };
      if ('unknown' in verdict) {
        // A key cut short (`prio` for `priority`) is as likely a slip as a typo.
        const near = nearest(a.key, checker.keys, 1)[0] ?? checker.keys.find((k) => k.startsWith(a.key));
        out.add({
          rule: unknownAttribute.id,
          ...place,
          message: `\`@attr:${a.key}\` on ${fact.address}: the config declares no attribute \`${a.key}\` (declared: ${checker.keys.join(', ') || 'none'})`,
          fix: `${near ? `did you mean \`@attr:${near}=…\`? or ` : ''}declare \`${a.key}\` under \`attributes\` in the config, with its type`,
        });
      } else {
        out.add({
          rule: attributeInvalid.id,
          ...place,
          message: `\`@attr:${a.key}=${a.value}\` on ${fact.address}: \`${a.value}\` ${verdict.why} (${verdict.type})`,
          fix: `write a value of ${verdict.type}, e.g. \`@attr:${a.key}=${verdict.example}\``,
        });
      }
    }
  }
}
