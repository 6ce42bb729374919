/**
 * `--where` on `facts` and `matrix`: keep the facts whose attributes match
 * every expression (`KEY=VALUE`, `KEY!=VALUE`, or `KEY` for presence). A key
 * the config types is compared as its type reads values (integer `2` matches
 * `02`), any other as a string. A malformed expression, an undeclared key or
 * a value not of the key's type is a usage error with the fix, since a typo
 * would otherwise filter every fact away in silence.
 */

import { nearestOne } from '../reader/did-you-mean.ts';
import type { FactAttribute } from '../reader/model.ts';
import { attributeTypes } from './config/attribute-types.ts';
import type { FactlineConfig } from './config/model.ts';
import { UsageError } from './errors.ts';

type Test = { key: string; op: 'has' } | { key: string; op: '=' | '!='; value: string };

const EXPRESSION = /^([A-Za-z][A-Za-z0-9_-]*)(?:(!=|=)(.*))?$/s;

/** Whether a fact with these attributes is kept; every fact when no expression is given. */
export type AttributeFilter = (
  attributes: readonly Pick<FactAttribute, 'key' | 'value'>[] | undefined,
) => boolean;

// @implements chains#ATTRIBUTE-FILTER
export function attributeFilter(
  config: Pick<FactlineConfig, 'attributes' | 'generate'>,
  expressions: readonly string[],
  /** How the messages name the option: `--where` on the CLI, `where` for the MCP tool (element by element). */
  flag = '--where',
): AttributeFilter {
  const { checker } = attributeTypes(config);
  const tests: Test[] = expressions.map((text, index) => {
    // An MCP client sent a list: the message names the element, as for the tools' other lists.
    const option = flag.startsWith('-') ? flag : `${flag}[${index}]`;
    const lead = flag.startsWith('-') ? `${flag} ` : '';
    const m = EXPRESSION.exec(text);
    if (!m || m[3] === '') {
      throw new UsageError(
        `${option} ${JSON.stringify(text)} is not a filter: write KEY=VALUE, KEY!=VALUE or KEY (KEY a letter, then letters, digits, \`_\` or \`-\`; VALUE not empty), e.g. ${lead}priority=high`,
      );
    }
    const [, key, op, value] = m as unknown as [string, string, '=' | '!=' | undefined, string | undefined];
    if (checker && !checker.keys.includes(key)) {
      const near = nearestOne(key, checker.keys) ?? checker.keys.find((k) => k.startsWith(key));
      throw new UsageError(
        `${option} ${text}: the config declares no attribute \`${key}\`${near ? `; did you mean \`${near}\`?` : ''} (declared: ${checker.keys.join(', ') || 'none'})`,
      );
    }
    if (op === undefined) return { key, op: 'has' };
    const verdict = checker?.check(key, value!);
    if (verdict && 'why' in verdict) {
      throw new UsageError(
        `${option} ${text}: \`${value}\` ${verdict.why} (${verdict.type}); write e.g. ${lead}${key}${op}${verdict.example}`,
      );
    }
    return { key, op, value: value! };
  });
  const typed = (key: string, value: string) => checker?.typed?.(key, value) ?? `string:${value}`;
  const wanted = tests.map((t) => (t.op === 'has' ? t : { ...t, value: typed(t.key, t.value) }));
  return (attributes) =>
    wanted.every((t) => {
      const values = (attributes ?? []).filter((a) => a.key === t.key).map((a) => typed(a.key, a.value));
      if (t.op === 'has') return values.length > 0;
      const equal = values.includes(t.value);
      return t.op === '=' ? equal : !equal;
    });
}
