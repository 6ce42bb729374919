// Type-level assertions on `defineTool`: compiled by `tsc` (the project's
// typecheck and define-tool.test.ts), never run. Each `Expect<Equal<…>>`
// fails to compile when the inferred type changes, and each
// `@ts-expect-error` fails once the mistake below it stops being an error.
import { defineTool, type FromSchema, ToolSet } from '../../../../generated/index.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export const greet = defineTool({
  descriptor: {
    name: 'greet',
    description: 'Greets someone, some times.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        times: { type: 'integer' },
        loud: { type: 'boolean' },
        tone: { enum: ['warm', 'dry'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['name'],
      additionalProperties: false,
    },
  },
  run: (args) => {
    type Args = typeof args;
    type _shape = Expect<
      Equal<Args, { name: string; times?: number; loud?: boolean; tone?: 'warm' | 'dry'; tags?: string[] }>
    >;
    const upper: string = args.name.toUpperCase();
    // @ts-expect-error `times` is optional: it may be undefined
    const times: number = args.times;
    // @ts-expect-error a key the closed schema does not have
    void args.nmae;
    return { report: `${upper} ${times}` };
  },
});

// An open schema (no additionalProperties: false) lets other keys through as unknown.
export const open = defineTool({
  descriptor: {
    name: 'open',
    description: '',
    inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
  },
  run: (args) => {
    type _n = Expect<Equal<typeof args.n, number>>;
    type _extra = Expect<Equal<typeof args.other, unknown>>;
    return { report: String(args.n + 1) };
  },
});

// A schema with no properties gives a plain record.
type _bare = Expect<Equal<FromSchema<{ type: 'object' }>, Record<string, unknown>>>;
// Nested objects are typed too.
type _nested = Expect<
  Equal<
    FromSchema<{
      type: 'object';
      properties: { at: { type: 'object'; properties: { line: { type: 'integer' } }; required: ['line'] } };
      required: ['at'];
      additionalProperties: false;
    }>['at']['line'],
    number
  >
>;

// A defined tool registers like any other.
export const tools = new ToolSet([greet, open]);
