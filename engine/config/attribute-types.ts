/**
 * The config's `attributes`: each attribute key facts may carry and the
 * type its values must have — a built-in value type, one declared under
 * `generate.valueTypes`, or an inline declaration of the same forms. Compiled
 * once into the checker the gate core takes (checks/attributes.ts); every
 * problem with the table itself names the key path and the fix.
 */
import type { AttributeChecker } from '../../checks/attributes.ts';
import { type ValueType, ValueTypes } from '../../generator/render/value-types.ts';
import { nearestOne } from '../../reader/did-you-mean.ts';
import { compileDeclaredTypes } from './declared-types.ts';
import type { FactlineConfig } from './model.ts';

/** The checker, or the problems of the table (`attributes.KEY …`); undefined when the config declares no attributes. */
// @implements chains#ATTRIBUTES-TYPED-IN-CONFIG
export function attributeTypes(
  config: Pick<FactlineConfig, 'attributes' | 'generate'>,
): { checker: AttributeChecker; problems: [] } | { checker?: undefined; problems: string[] } {
  if (config.attributes === undefined) return { problems: [] };
  const declared = compileDeclaredTypes(config.generate.valueTypes);
  const named = new ValueTypes(declared.types);
  const problems: string[] = [];
  const byKey = new Map<string, { type: ValueType; label: string }>();
  for (const [key, type] of Object.entries(config.attributes)) {
    const at = `attributes.${key}`;
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(key)) {
      problems.push(`\`${at}\` is not an attribute key: a letter, then letters, digits, \`_\` or \`-\``);
      continue;
    }
    if (typeof type === 'string') {
      const found = named.get(type);
      if (found === undefined) {
        const near = nearestOne(type, named.names());
        problems.push(
          `\`${at}\` names the type \`${type}\`, which is neither built in nor declared under generate.valueTypes${near ? `; did you mean \`${near}\`?` : ''} (known: ${named.names().join(', ')})`,
        );
      } else byKey.set(key, { type: found, label: `type \`${type}\`` });
      continue;
    }
    // An inline declaration: the same forms as generate.valueTypes, compiled by the same code.
    const inline = compileDeclaredTypes({ [`attribute-${key.toLowerCase()}`]: type });
    if (inline.problems.length > 0) {
      problems.push(
        ...inline.problems.map((p) => p.replace(`generate.valueTypes.attribute-${key.toLowerCase()}`, at)),
      );
      continue;
    }
    byKey.set(key, {
      type: new ValueTypes(inline.types).get(inline.types[0]!.name)!,
      label: `the type declared for \`${key}\``,
    });
  }
  if (problems.length > 0) return { problems };
  return {
    problems: [],
    checker: {
      keys: [...byKey.keys()],
      check(key, value) {
        const declared = byKey.get(key);
        if (declared === undefined) return { unknown: true };
        const checked = declared.type.check(value);
        return checked.ok ? undefined : { why: checked.why, example: checked.example, type: declared.label };
      },
      typed(key, value) {
        const checked = byKey.get(key)?.type.check(value);
        return checked?.ok ? `${checked.value.kind}:${String(checked.value.value)}` : undefined;
      },
    },
  };
}
