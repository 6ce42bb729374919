/**
 * Tools and their registry. A tool is plain data plus a function; the core
 * never interprets what a tool says, it only carries it to the agent.
 */
import { spec } from '../engine/generate/template-spec.ts';
import { type ContentBlock, contentProblems } from './content.ts';
import { McpCoreError } from './errors.ts';
import type { RunContext } from './lifecycle.ts';
import { malformedSchema, type Schema, schemaProblems } from './schema-check.ts';

/** What `tools/list` shows for a tool. */
export interface ToolDescriptor {
  name: string;
  description: string;
  /** A JSON schema of the arguments; MCP requires an object schema. */
  inputSchema: Record<string, unknown>;
  // @implements mcp-revisions#TOOL-OUTPUT-SCHEMA-IS-OPTIONAL
  /** A JSON schema of `structured`, the output as data (shown from the revision that has it). */
  outputSchema?: Record<string, unknown>;
}

/** What a run says: the report the agent reads, and whether it is a failure. */
export interface ToolOutput {
  report: string;
  isError?: boolean;
  /** The output as data, matching the descriptor's `outputSchema`; `report` is its text copy. */
  structured?: Record<string, unknown>;
  // @implements mcp-features#TOOL-RESULT-CARRIES-ANY-CONTENT
  /**
   * The result's content blocks (text, image, audio, resource links, embedded
   * resources, mixed), sent instead of `report` as one text block; `report`
   * stays the text copy for logs. `toolContent` builds both.
   */
  content?: readonly ContentBlock[];
  // @implements mcp-revisions#MODERN-OTHER-RESULT-KINDS
  /**
   * The whole result, for a stateless call answered with a result of another
   * kind than content (an `input_required` one, see `inputRequired`, or an
   * extension's): sent as written, naming its kind as every stateless result does. `report`
   * stays its text copy; a legacy call gets a failure saying it cannot take it.
   */
  result?: Record<string, unknown>;
}

// @implements mcp-revisions#MODERN-INPUT-REQUIRED
const INPUT = {
  typeField: spec.value('MODERN-RESULT-TYPE', 'string', 'result-type-field'),
  type: spec.value('MODERN-INPUT-REQUIRED', 'string', 'result-type'),
  requests: spec.value('MODERN-INPUT-REQUIRED', 'string', 'requests-field'),
  state: spec.value('MODERN-INPUT-REQUIRED', 'string', 'state-field'),
} as const;

/** One request a run wants the client to make: a method of the client's and its params. */
export interface InputRequest {
  method: string;
  params?: Record<string, unknown>;
}

/**
 * A run's answer when it needs the client first: the requests by a key of its
 * choosing, and an opaque state the client hands back with the answers
 * (`context.inputResponses`, `context.requestState` in the next round).
 */
// @implements mcp-revisions#MODERN-INPUT-REQUIRED
export function inputRequired(requests: Record<string, InputRequest>, requestState?: string): ToolOutput {
  const result: NonNullable<ToolOutput['result']> = {
    [INPUT.typeField]: INPUT.type,
    [INPUT.requests]: requests,
  };
  if (requestState !== undefined) result[INPUT.state] = requestState;
  return { report: `input required: ${Object.keys(requests).join(', ')}`, result };
}

// @implements mcp-core#TOOL-IS-DESCRIPTOR-PLUS-RUN~0efb0095
export interface Tool {
  descriptor: ToolDescriptor;
  // @implements mcp-revisions#MODERN-MISSING-CAPABILITY
  /**
   * The client capabilities the tool cannot run without, as a client declares
   * them (`{ sampling: {} }`, `{ extensions: { 'x/y': {} } }`): a stateless
   * call whose client lacks one is refused before the run.
   */
  requires?: Record<string, unknown>;
  /**
   * Runs once per call, possibly beside other calls (of this tool too: keep
   * per-call state in the call). Whatever would
   * need to ask the user is a property of `args` instead: there is no one to ask.
   * `context.signal` aborts when the call is cancelled; `context.progress`
   * reports how far the run got.
   */
  run(args: Record<string, unknown>, context: RunContext): ToolOutput | Promise<ToolOutput>;
}

/**
 * The arguments a JSON schema literal describes, for the keywords tool
 * schemas use: `type`, `properties`, `required`, `enum`, `items`,
 * `additionalProperties: false`. Anything else reads as `unknown`.
 */
// @implements mcp-host#RUN-ARGUMENTS-ARE-TYPED-FROM-A-LITERAL-SCHEMA
export type FromSchema<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { type: 'string' }
    ? string
    : S extends { type: 'number' | 'integer' }
      ? number
      : S extends { type: 'boolean' }
        ? boolean
        : S extends { type: 'null' }
          ? null
          : S extends { type: 'array'; items: infer I }
            ? FromSchema<I>[]
            : S extends { type: 'array' }
              ? unknown[]
              : S extends { type: 'object'; properties: infer P }
                ? ObjectOf<P, S extends { required: readonly (infer R)[] } ? R : never> &
                    (S extends { additionalProperties: false } ? unknown : { [extra: string]: unknown })
                : S extends { type: 'object' }
                  ? Record<string, unknown>
                  : unknown;

/** An object of `properties`: the `required` ones present, the others optional. */
type ObjectOf<P, R> = Flat<
  { -readonly [K in keyof P & R]: FromSchema<P[K]> } & {
    -readonly [K in Exclude<keyof P, R>]?: FromSchema<P[K]>;
  }
>;
type Flat<T> = { [K in keyof T]: T[K] };

/** A tool whose `run` takes the arguments its literal `inputSchema` describes. */
export interface TypedTool<S> {
  descriptor: Omit<ToolDescriptor, 'inputSchema'> & { inputSchema: S };
  run(args: FromSchema<S>, context: RunContext): ToolOutput | Promise<ToolOutput>;
}

/**
 * A tool as `ToolSet.register` takes it, with `run`'s arguments typed from
 * the `inputSchema` literal written in place (as the SDK infers them from
 * zod): `args.text` is a `string` when the schema says so, and a typo is an error.
 */
// @implements mcp-host#RUN-ARGUMENTS-ARE-TYPED-FROM-A-LITERAL-SCHEMA
export function defineTool<const S extends Record<string, unknown>>(tool: TypedTool<S>): Tool {
  return tool as unknown as Tool;
}

// @implements mcp-revisions#STRUCTURED-OUTPUT-FROM
const STRUCTURED_FIELD = spec.value('STRUCTURED-OUTPUT-FROM', 'string', 'result-field');

/** The MCP result of a tool run, as `tools/call` answers it. */
export interface ToolResult {
  content: ContentBlock[];
  isError: boolean;
  /** The output as data, for a tool that declares an `outputSchema`. */
  [STRUCTURED_FIELD]?: Record<string, unknown>;
}

/**
 * A tool's output held to its `outputSchema`: a success with no structured
 * output, or with output the schema rejects, becomes a failure that says so.
 */
// @implements mcp-revisions#STRUCTURED-OUTPUT-MATCHES-ITS-SCHEMA
export function checkStructured(tool: Tool, output: ToolOutput): ToolOutput {
  const schema = tool.descriptor.outputSchema;
  if (schema === undefined || output.isError === true) return output;
  const name = tool.descriptor.name;
  if (output.structured === undefined) {
    return {
      report: `tool \`${name}\` declares an outputSchema but returned no structured output; its report was: ${output.report}`,
      isError: true,
    };
  }
  const problems = schemaProblems(schema as Schema, output.structured);
  if (problems.length === 0) return output;
  return {
    report: `tool \`${name}\` returned structured output its outputSchema rejects: ${problems.join('; ')}`,
    isError: true,
  };
}

/**
 * The result of `tool`'s run as a server that shows every descriptor field
 * answers it: with the structured output beside the text when the tool declares an `outputSchema`.
 */
// @implements mcp-host#STRUCTURED-CONTENT-FOR-EVERY-OUTPUT-SCHEMA
export function toolResultOf(tool: Tool, output: ToolOutput): ToolResult {
  if (tool.descriptor.outputSchema === undefined) return toolResult(output);
  const checked = checkStructured(tool, output);
  const result = toolResult(checked);
  if (checked.structured !== undefined && checked.isError !== true) {
    (result as unknown as Record<string, unknown>)[STRUCTURED_FIELD] = checked.structured;
  }
  return result;
}

/** `toolResultOf` already serialized. */
export function toolResultJsonOf(tool: Tool, output: ToolOutput): string {
  if (tool.descriptor.outputSchema === undefined) return toolResultJson(output);
  const checked = checkStructured(tool, output);
  const plain = toolResultJson(checked);
  if (checked.structured === undefined || checked.isError === true) return plain;
  return `${plain.slice(0, -1)},"${STRUCTURED_FIELD}":${JSON.stringify(checked.structured)}}`;
}

// @implements mcp-core#TOOL-FAILURE-IS-A-RESULT-NEVER-A-PROTOCOL-ERROR~04062b80
export function toolResult(output: ToolOutput): ToolResult {
  // @implements mcp-core#RELATED-LAWS-LIVE-IN-THE-CONSUMING-REPO~61ac6cf1
  // @implements mcp-core#REPORTS-SPEAK-THE-CLASS-F-REQ-CITING-GRAMMAR~1f15e3b3
  if (output.content !== undefined) return JSON.parse(toolResultJson(output)) as ToolResult;
  return { content: [{ type: 'text', text: output.report }], isError: output.isError === true };
}

/**
 * `toolResult(output)` already serialized: the answer to every tool call, so
 * it is spelled once here instead of built as objects and walked by JSON.stringify.
 */
export function toolResultJson(output: ToolOutput): string {
  if (output.content !== undefined) return contentJson(output);
  return `{"content":[{"type":"text","text":${JSON.stringify(output.report)}}],"isError":${output.isError === true}}`;
}

/**
 * A run's output as data: `report` is the text copy a client that reads only
 * text gets, the data serialized as JSON when no prose is given.
 */
// @implements mcp-revisions#STRUCTURED-RESULT-CARRIES-A-TEXT-COPY
export function structuredOutput(structured: Record<string, unknown>, report?: string): ToolOutput {
  return { report: report ?? JSON.stringify(structured), structured };
}

/** The result of a run that carries `content`: its blocks, or the failure that says what is wrong with them. */
function contentJson(output: ToolOutput): string {
  const problems = contentProblems(output.content);
  if (problems.length > 0) {
    return toolResultJson({
      report: `the tool returned content that is not valid: ${problems.join('; ')}`,
      isError: true,
    });
  }
  return `{"content":${JSON.stringify(output.content)},"isError":${output.isError === true}}`;
}

/**
 * A run's output as content blocks; its `report` (the text copy) is the text
 * blocks joined, or a line naming the other blocks.
 */
// @implements mcp-features#TOOL-RESULT-CARRIES-ANY-CONTENT
export function toolContent(blocks: readonly ContentBlock[], isError = false): ToolOutput {
  const report = blocks
    .map((b) =>
      b.type === 'text' ? b.text : `[${b.type}${'mimeType' in b && b.mimeType ? ` ${b.mimeType}` : ''}]`,
    )
    .join('\n');
  return { report, content: blocks, isError };
}

/** A failed run as the agent sees it: a report, never a protocol error. */
export function failure(report: string): ToolOutput {
  return { report, isError: true };
}

export class ToolSet {
  #tools = new Map<string, Tool>();
  #sorted: ToolDescriptor[] | undefined;

  constructor(tools: Iterable<Tool> = []) {
    for (const tool of tools) this.register(tool);
  }

  // @implements mcp-core#REGISTRY-LAST-REGISTRATION-OF-A-NAME-WINS~9d71ee3e
  register(tool: Tool): this {
    checkTool(tool);
    this.#tools.set(tool.descriptor.name, tool);
    this.#sorted = undefined;
    return this;
  }

  get(name: string): Tool | undefined {
    return this.#tools.get(name);
  }

  get size(): number {
    return this.#tools.size;
  }

  // @implements mcp-core#METHOD-TOOLS-LIST~50bf47b1
  descriptors(): ToolDescriptor[] {
    // Code-unit order, not locale order: the same list on every machine.
    this.#sorted ??= [...this.#tools.values()]
      .map((tool) => tool.descriptor)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return this.#sorted;
  }

  names(): string[] {
    return this.descriptors().map((d) => d.name);
  }
}

function checkTool(tool: Tool): void {
  const d = (tool as Partial<Tool> | undefined)?.descriptor;
  const name = typeof d?.name === 'string' ? d.name : '';
  const problems: string[] = [];
  if (name === '') problems.push('descriptor.name must be a non-empty string');
  if (typeof d?.description !== 'string') problems.push('descriptor.description must be a string');
  const schema = d?.inputSchema;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    problems.push('descriptor.inputSchema must be a JSON schema object');
  } else if (schema.type !== 'object') {
    // @implements mcp-host#INPUT-SCHEMA-IS-AN-OBJECT-SCHEMA
    problems.push(
      `descriptor.inputSchema must say type: "object" (it says ${JSON.stringify(schema.type) ?? 'no type'}): MCP requires an object schema, and clients reject the whole tools/list otherwise`,
    );
  }
  problems.push(...schemaProblemsOf(d));
  if (typeof (tool as Partial<Tool> | undefined)?.run !== 'function') problems.push('run must be a function');
  if (problems.length > 0) {
    throw new McpCoreError('tool-invalid', `cannot register tool \`${name || '?'}\`: ${problems.join('; ')}`);
  }
}

/** What in a descriptor's schemas the core would have to check and cannot. */
// @implements mcp-revisions#VALIDATOR-IS-A-SMALL-SUBSET
function schemaProblemsOf(d: Partial<ToolDescriptor> | undefined): string[] {
  const problems: string[] = [];
  const input = d?.inputSchema;
  // @implements mcp-features#SCHEMA-2020-12-AS-WRITTEN
  // Only a closed input schema is checked, so only it must be well formed; keywords
  // the core does not check pass through (see `useSchemaValidator`).
  if (input !== null && typeof input === 'object' && input.additionalProperties === false) {
    for (const p of malformedSchema(input)) problems.push(`inputSchema ${p}`);
  }
  const output = d?.outputSchema;
  if (output !== undefined) {
    if (output === null || typeof output !== 'object' || Array.isArray(output)) {
      problems.push('descriptor.outputSchema must be a JSON schema object when given');
    } else {
      for (const p of malformedSchema(output)) problems.push(`outputSchema ${p}`);
    }
  }
  return problems;
}
