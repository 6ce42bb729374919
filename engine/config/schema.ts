/**
 * The one table of factline.config.json keys: each row gives a key's type,
 * default and meaning. Config loading validates against it (any depth, with
 * the key path and a did-you-mean), the defaults come from it, and
 * schema/factline.config.schema.json is emitted from it for editors.
 * A new key is one new row.
 */
import { RULE_SETTINGS } from '../../checks/rule-settings.ts';
import { RULE_UNITS, type RuleUnit } from '../../checks/rules/index.ts';
import { type Field, type Shape, shapes } from './shape.ts';

const globs = shapes.array(shapes.string(true));

// @implements engine#CONFIG-SCHEMA-TABLE
export const CONFIG_KEYS = {
  specsRoot: {
    shape: shapes.string(),
    default: 'specs',
    description: 'Directory that document names are relative to (`specs/mcp-core.md` → `mcp-core`).',
  },
  names: {
    shape: shapes.record(shapes.string(true)),
    default: {},
    description:
      'Explicit document names by spec path (`{"vendor/doc.md": "vendor-doc"}`), for two specs the path would give one name.',
  },
  specs: { shape: globs, default: ['specs/**/*.md'], description: 'Globs of spec files.' },
  sources: {
    shape: globs,
    default: ['**/*.{ts,js,mjs,cjs,rs,go,py,sh,hbs}'],
    description: 'Globs of source files, where `@implements` belongs.',
  },
  tests: {
    shape: globs,
    default: ['test/**/*', '**/*.test.*', '**/*.spec.*'],
    description: 'Globs of test files, where `@verifies` belongs.',
  },
  ignore: {
    shape: globs,
    default: ['node_modules/**', '.git/**', 'dist/**', 'build/**', 'coverage/**', '**/fixtures/**'],
    description: 'Globs never read (node_modules, .git and build output are always skipped).',
  },
  strict: {
    shape: shapes.boolean(),
    default: false,
    description: 'Strict mode: service units need evidence as normative facts do.',
  },
  namespace: {
    shape: shapes.string(true),
    default: undefined,
    description:
      "The `spec://NAMESPACE/…` of this project's specs (vibevm's `namespace`); citations may then use spec:// addresses and units carry a uri.",
  },
  externalSpecs: {
    shape: shapes.array(
      shapes.object({
        namespace: { shape: shapes.string(true), description: "The other project's namespace." },
        root: { shape: shapes.string(true), description: 'Directory of its specs.' },
      }),
    ),
    default: [],
    description:
      "Other namespaces' spec roots, read to resolve their addresses only (vibevm's `external_specs`).",
  },
  specExclude: {
    shape: globs,
    default: [],
    description: 'Spec paths or globs never read; one that matches nothing is reported (`stale-exclude`).',
  },
  attributes: {
    shape: shapes.record(shapes.any()),
    default: undefined,
    description:
      'The attribute keys facts may carry (`@attr:KEY=VALUE`), each with its value type: a built-in type name (`string`, `integer`, `number`, `boolean`, `bytes`, …), a type declared under `generate.valueTypes`, or `{"enum": [...]}`, `{"pattern": REGEX}`, `{"range": [MIN, MAX]}` or `{"schema": JSON Schema}`. When given, a key it does not list is an error; when absent, any key is taken as a string.',
  },
  policy: {
    shape: shapes.anyOf(
      shapes.literal('factline', 'vibevm'),
      shapes.record(shapes.array(shapes.string(true))),
    ),
    default: 'factline',
    description:
      'Which evidence each status needs: a preset (`factline`, `vibevm`) or a table from `STAGE/STATE` to evidence kinds.',
  },
  profile: {
    shape: shapes.literal('factline', 'vibevm'),
    default: 'factline' as 'factline' | 'vibevm',
    description:
      "Whose rules decide names, revision lines, citation verbs and which findings fail: factline's, or vibevm's specmap and progress gates (docs/vibevm.md). A specmap.toml chooses `vibevm`.",
  },
  progressScope: {
    shape: shapes.object({
      include: {
        shape: globs,
        description: 'Spec globs the spec lints judge (vibevm `progress.toml` `include`).',
      },
      exclude: { shape: globs, description: 'Globs left out of them (vibevm `progress.toml` `exclude`).' },
    }),
    default: { include: [], exclude: [] },
    description:
      "Under the vibevm profile, the spec files whose markup lints fail the gate (vibevm's `progress.toml`); empty include: every spec file.",
  },
  exempt: {
    shape: globs,
    default: [],
    description: "Crates exempt from vibevm's orphan ratchet; read so a specmap.toml converts whole.",
  },
  results: {
    shape: shapes.anyOf(
      shapes.array(shapes.string(true)),
      shapes.object({
        files: {
          shape: shapes.array(shapes.string(true)),
          optional: true,
          description: 'The results files.',
        },
        unconfirmed: {
          shape: shapes.literal('error', 'warning'),
          optional: true,
          description:
            'How a citing test the results cannot confirm is reported: `error` (the default) or, while moving a project over, `warning` (the citation then still counts).',
        },
      }),
    ),
    default: [],
    description:
      'Test results files (vitest/Jest JSON or JUnit XML) joined to verifying citations, or `{"files": [...], "unconfirmed": "warning"}`; a fact is verified only by a passing test the results name. Empty: outcomes not checked.',
  },
  static: {
    shape: shapes.object({
      unconfirmed: {
        shape: shapes.literal('error', 'warning'),
        optional: true,
        description:
          'Without results, how a citing test whose running the source cannot tell (`skipIf(flag)`, `test.fails`) is reported: `error` (the default) or `warning` (the citation then still counts). With results the runner decides and this is not read.',
      },
    }),
    default: {},
    description:
      'The static check (no results): `{"unconfirmed": "warning"}` lets a citing test that may not run count, with a warning on every run.',
  },
  rules: {
    shape: shapes.record(
      shapes.anyOf(
        shapes.literal('error', 'warning', 'off'),
        shapes.tuple([shapes.literal('error', 'warning', 'off'), shapes.object({}, false)]),
      ),
    ),
    default: {},
    description:
      'Severity per rule id (`{"document-uncited": "off", "too-many-implementations": ["error", {"max": 2}]}`): `error`, `warning` or `off`, or that and the rule\'s options; a changed rule is named on every run.',
  },
  generate: {
    shape: shapes.object({
      spec: {
        shape: shapes.string(true),
        optional: true,
        description: 'The spec the core is generated from.',
      },
      templates: {
        shape: shapes.string(true),
        optional: true,
        description: 'Directory of the templates: TypeScript modules (`*.ts`) and Handlebars `*.EXT.hbs`.',
      },
      out: {
        shape: shapes.string(true),
        optional: true,
        description: 'Directory the generated files go to.',
      },
      specs: {
        shape: shapes.array(shapes.string(true)),
        optional: true,
        description: 'Further specs the templates read values and facts from, after `spec`.',
      },
      valueTypes: {
        shape: shapes.record(shapes.any()),
        optional: true,
        description:
          'Value types of this project for `{{value "ID" type="NAME"}}`: NAME → `{"pattern": REGEX}`, `{"range": [MIN, MAX]}`, `{"enum": [...]}` or `{"schema": JSON Schema}`, each with an optional `"example"`.',
      },
    }),
    default: { spec: 'specs/mcp-core.md', templates: 'templates', out: 'generated' },
    description: 'The generated core: its spec, templates and output directory.',
  },
} satisfies Record<string, Field & { default: unknown }>;

/** The whole config file as one shape: every key optional, nothing unknown (`$schema` aside). */
export const CONFIG_SHAPE: Shape = shapes.object({
  $schema: { shape: shapes.string(), optional: true },
  ...Object.fromEntries(Object.entries(CONFIG_KEYS).map(([key, row]) => [key, { ...row, optional: true }])),
});

/** A fresh copy of every default (callers may mutate their config). */
export function configDefaults(): { [K in keyof typeof CONFIG_KEYS]: (typeof CONFIG_KEYS)[K]['default'] } {
  return structuredClone(
    Object.fromEntries(Object.entries(CONFIG_KEYS).map(([key, row]) => [key, row.default])),
  ) as never;
}

function toJsonSchema(shape: Shape, field?: Field): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  if (field?.description) meta.description = field.description;
  if (field?.default !== undefined) meta.default = field.default;
  switch (shape.type) {
    case 'string':
      return { type: 'string', ...(shape.nonEmpty ? { minLength: 1 } : {}), ...meta };
    case 'integer':
      return { type: 'integer', ...(shape.min !== undefined ? { minimum: shape.min } : {}), ...meta };
    case 'boolean':
      return { type: 'boolean', ...meta };
    case 'literal':
      return { enum: [...shape.values], ...meta };
    case 'array':
      return { type: 'array', items: toJsonSchema(shape.items), ...meta };
    case 'tuple':
      return {
        type: 'array',
        prefixItems: shape.items.map((s) => toJsonSchema(s)),
        minItems: shape.minItems,
        maxItems: shape.items.length,
        ...meta,
      };
    case 'record':
      return { type: 'object', additionalProperties: toJsonSchema(shape.values), ...meta };
    case 'anyOf':
      return { anyOf: shape.options.map((s) => toJsonSchema(s)), ...meta };
    case 'any':
      return { ...meta };
    case 'object':
      return {
        type: 'object',
        ...meta,
        properties: Object.fromEntries(
          Object.entries(shape.fields).map(([k, f]) => [k, toJsonSchema(f.shape, f)]),
        ),
        required: Object.entries(shape.fields)
          .filter(([, f]) => !f.optional)
          .map(([k]) => k),
        additionalProperties: !shape.closed,
      };
  }
}

/** The JSON Schema (draft 2020-12) of factline.config.json, as shipped in schema/. */
export function configJsonSchema(): Record<string, unknown> {
  const schema = toJsonSchema(CONFIG_SHAPE) as { properties: Record<string, Record<string, unknown>> };
  schema.properties.rules = rulesJsonSchema(schema.properties.rules!);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'factline.config.json',
    ...schema,
    $defs: RULE_DEFS,
  };
}

/** A rule's setting, and the entry of a rule that takes no options (`"off"`, `["error", {}]`). */
const RULE_DEFS = {
  ruleSetting: { enum: [...RULE_SETTINGS] },
  ruleEntry: {
    anyOf: [
      { $ref: '#/$defs/ruleSetting' },
      {
        type: 'array',
        prefixItems: [{ $ref: '#/$defs/ruleSetting' }, { type: 'object', additionalProperties: false }],
        minItems: 2,
        maxItems: 2,
      },
    ],
  },
};

/**
 * `rules` as editors see it: every registered rule with its settings and
 * options, read from the rule units, so an editor completes rule ids and
 * flags an unknown rule, setting or option. The loader checks the same
 * (checks/rule-settings.ts) with a did-you-mean, so its shape stays a record.
 */
// @implements engine#CONFIG-SCHEMA-NAMES-RULES
function rulesJsonSchema(generic: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    description: generic.description,
    default: generic.default,
    properties: Object.fromEntries(
      (RULE_UNITS as readonly RuleUnit[]).map((unit) => [unit.id, ruleSchema(unit)]),
    ),
    additionalProperties: false,
  };
}

/** One rule's entry: a setting, or a setting and its options (type, bounds, default, meaning). */
function ruleSchema(unit: RuleUnit): Record<string, unknown> {
  const description = `${unit.meta.severity} by default${unit.meta.optIn ? ', opt-in' : ''}: ${unit.meta.description}`;
  const options = Object.entries(unit.meta.options ?? {});
  if (options.length === 0) return { description, $ref: '#/$defs/ruleEntry' };
  const properties = Object.fromEntries(
    options.map(([name, o]) => [
      name,
      { type: o.type, minimum: o.min, default: o.default, description: o.description },
    ]),
  );
  return {
    description,
    anyOf: [
      { $ref: '#/$defs/ruleSetting' },
      {
        type: 'array',
        prefixItems: [
          { $ref: '#/$defs/ruleSetting' },
          { type: 'object', properties, additionalProperties: false },
        ],
        minItems: 2,
        maxItems: 2,
      },
    ],
  };
}
