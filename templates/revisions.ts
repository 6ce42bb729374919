/**
 * Every protocol revision a host speaks, on one connection. A legacy request
 * follows the revision `initialize` settled on; a request carrying the
 * stateless revision in its `_meta` is answered on its own, with no handshake
 * and no state. Mounted on the loop through its method table and request
 * hooks, so the loop itself stays revision-blind.
 */
import { spec } from '../engine/generate/template-spec.ts';
import { ERROR_CODES, METHODS, type RpcErrorObject, rpcError } from './jsonrpc.ts';
import { sealState, stateIsSealed } from './lifecycle.ts';
import { type Schema, schemaProblems } from './schema-check.ts';
import {
  type MethodHandler,
  type RequestHooks,
  type RequestInfo,
  Server,
  type ServerOptions,
} from './server.ts';
import {
  checkStructured,
  type Tool,
  type ToolDescriptor,
  type ToolOutput,
  type ToolSet,
  toolResultJson,
} from './toolset.ts';

// @implements mcp-revisions#LEGACY-REVISIONS
export const LEGACY_REVISIONS: readonly string[] = spec.codes({ prefix: 'LEGACY-REVISIONS' });
// @implements mcp-revisions#MODERN-REVISIONS
export const MODERN_REVISIONS: readonly string[] = spec.codes({ prefix: 'MODERN-REVISIONS' });
/** Every revision this server speaks, in the spec's order. */
export const SUPPORTED_REVISIONS: readonly string[] = [...LEGACY_REVISIONS, ...MODERN_REVISIONS];

// Revisions are dates (YYYY-MM-DD), so their text order is their time order.
// @implements mcp-revisions#STRUCTURED-OUTPUT-FROM
const STRUCTURED_FROM = spec.value('STRUCTURED-OUTPUT-FROM', 'revision');
// @implements mcp-revisions#INPUT-ERRORS-AS-RESULTS-FROM
const INPUT_ERRORS_AS_RESULTS_FROM = spec.value('INPUT-ERRORS-AS-RESULTS-FROM', 'revision');

/** The reserved `_meta` keys of the stateless revision. */
export const META_KEYS = {
  protocolVersion: spec.value('ERA-IS-DECIDED-PER-REQUEST', 'string', 'version-key'),
  clientCapabilities: spec.value('MODERN-CAPABILITIES-REQUIRED', 'string', 'capabilities-key'),
  serverInfo: spec.value('MODERN-SERVER-IDENTITY', 'string', 'server-info-key'),
} as const;

export const REVISION_METHODS = {
  discover: spec.value('METHOD-SERVER-DISCOVER', 'method', 'method'),
} as const;

export const REVISION_ERROR_CODES = {
  unsupportedRevision: spec.value('MODERN-UNSUPPORTED-REVISION', 'jsonrpc-code', 'unsupported-revision'),
  invalidParams: spec.value('MODERN-CAPABILITIES-REQUIRED', 'jsonrpc-code', 'invalid-params'),
  // @implements mcp-revisions#MODERN-RESOURCE-NOT-FOUND
  resourceNotFound: spec.value('MODERN-RESOURCE-NOT-FOUND', 'jsonrpc-code', 'invalid-params'),
  // @implements mcp-revisions#MODERN-MISSING-CAPABILITY
  missingCapability: spec.value('MODERN-MISSING-CAPABILITY', 'jsonrpc-code', 'missing-capability'),
} as const;

// @implements mcp-revisions#MODERN-REMOVED-METHODS
// biome-ignore format: gen writes the spec's list here on one line
const REMOVED_IN_MODERN: readonly string[] = spec.codes({ prefix: 'MODERN-REMOVED-METHODS' });

// @implements mcp-revisions#MODERN-CACHE-HINTS
const CACHE = {
  ttlField: spec.value('MODERN-CACHE-HINTS', 'string', 'ttl-field'),
  ttl: spec.value('MODERN-CACHE-HINTS', 'integer', 'ttl-ms'),
  scopeField: spec.value('MODERN-CACHE-HINTS', 'string', 'scope-field'),
  scope: spec.value('MODERN-CACHE-HINTS', 'string', 'cache-scope'),
};
// @implements mcp-revisions#CACHEABLE-RESULTS
// biome-ignore format: gen writes the spec's list here on one line
const CACHEABLE: readonly string[] = spec.codes({ prefix: 'CACHEABLE-RESULTS' });
const CACHE_HINTS = { [CACHE.ttlField]: CACHE.ttl, [CACHE.scopeField]: CACHE.scope };

// @implements mcp-revisions#MODERN-RESULT-TYPE
/** The kind a stateless result names (`complete`, or another). */
export function resultKind(result: Record<string, unknown>): string {
  return String(result[RESULT_TYPE_FIELD]);
}

/** The field every stateless result starts with, and its value. */
const RESULT_TYPE_FIELD = spec.value('MODERN-RESULT-TYPE', 'string', 'result-type-field');
export const RESULT_TYPE = {
  [RESULT_TYPE_FIELD]: spec.value('MODERN-RESULT-TYPE', 'string', 'result-type'),
};

const CAPABILITIES = { tools: { listChanged: false } };

/** Field names of the answers, as the spec spells them. */
const FIELDS = {
  structured: spec.value('STRUCTURED-OUTPUT-FROM', 'string', 'result-field'),
  supportedVersions: spec.value('METHOD-SERVER-DISCOVER', 'string', 'versions-field'),
  supported: spec.value('MODERN-UNSUPPORTED-REVISION', 'string', 'supported-field'),
  requested: spec.value('MODERN-UNSUPPORTED-REVISION', 'string', 'requested-field'),
  required: spec.value('MODERN-MISSING-CAPABILITY', 'string', 'required-field'),
} as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function metaOf(params: unknown): Record<string, unknown> | undefined {
  const meta = isObject(params) ? params._meta : undefined;
  return isObject(meta) ? meta : undefined;
}

/**
 * Whether a request belongs to the stateless era: its `_meta` names a
 * protocol revision. Such a request needs no handshake, so a lifecycle gate
 * lets it through.
 */
// @implements mcp-revisions#ERA-IS-DECIDED-PER-REQUEST
export function isModernRequest(params: unknown): boolean {
  const meta = metaOf(params);
  return meta !== undefined && Object.hasOwn(meta, META_KEYS.protocolVersion);
}

/** What `initialize` settles on for a requested revision. */
// @implements mcp-revisions#INITIALIZE-NEGOTIATES
export function negotiateRevision(requested: unknown): string {
  return typeof requested === 'string' && LEGACY_REVISIONS.includes(requested)
    ? requested
    : (LEGACY_REVISIONS.at(-1) as string);
}

/** Whether results of `revision` carry structured output (and descriptors their output schema). */
export function showsStructuredOutput(revision: string): boolean {
  return revision >= STRUCTURED_FROM;
}

/** Whether `revision` answers bad tool arguments as a failed tool result rather than a protocol error. */
export function inputErrorsAreResults(revision: string): boolean {
  return revision >= INPUT_ERRORS_AS_RESULTS_FROM;
}

/**
 * The revision rules of one connection: the only state is the revision the
 * last legacy `initialize` settled on, which stateless requests never read.
 */
export class RevisionRules {
  readonly #serverInfo: { name: string; version: string };
  readonly #tools: ToolSet;
  /** The fields every stateless tool result starts with, serialized once. */
  readonly #stampJson: string;
  // @implements mcp-revisions#LEGACY-FEATURES-FOLLOW-THE-NEGOTIATED-REVISION
  #legacy = LEGACY_REVISIONS[0] as string;

  constructor(serverInfo: { name: string; version: string }, tools: ToolSet) {
    this.#serverInfo = { name: serverInfo.name, version: serverInfo.version };
    this.#tools = tools;
    const stamp = this.#stamp({}, METHODS.toolsCall);
    this.#stampJson = JSON.stringify(stamp).slice(1, -1) + ',';
  }

  /** The revision a request is answered in: its own when stateless, else the session's. */
  revisionOf(params: unknown): string {
    const requested = metaOf(params)?.[META_KEYS.protocolVersion];
    return typeof requested === 'string' && isModernRequest(params) ? requested : this.#legacy;
  }

  /** The handlers this module adds to or replaces in the loop's method table. */
  methods(): Record<string, MethodHandler> {
    return {
      // @implements mcp-core#METHOD-INITIALIZE
      [METHODS.initialize]: (params) => {
        const requested = isObject(params) ? params.protocolVersion : undefined;
        this.#legacy = negotiateRevision(requested);
        return {
          result: {
            protocolVersion: this.#legacy,
            serverInfo: { ...this.#serverInfo },
            capabilities: CAPABILITIES,
          },
        };
      },
      // @implements mcp-revisions#METHOD-SERVER-DISCOVER
      [REVISION_METHODS.discover]: () => ({
        result: { [FIELDS.supportedVersions]: SUPPORTED_REVISIONS, capabilities: CAPABILITIES },
      }),
      // @implements mcp-core#METHOD-TOOLS-LIST
      [METHODS.toolsList]: (params) => ({ result: { tools: this.#descriptors(this.revisionOf(params)) } }),
    };
  }

  /** The request hooks: the stateless checks, closed inputs, and the shape of every answer. */
  hooks(): RequestHooks {
    return {
      screen: (request) => this.#screen(request),
      isStateless: (request) => isModernRequest(request.params),
      checkArguments: (tool, args, request) => this.#checkArguments(tool, args, request),
      toolResultJson: (tool, output, request) => this.#toolResultJson(tool, output, request),
      result: (result, request) => this.#result(result, request),
    };
  }

  #descriptors(revision: string): ToolDescriptor[] {
    const all = this.#tools.descriptors();
    if (showsStructuredOutput(revision)) return all;
    // @implements mcp-revisions#STRUCTURED-OUTPUT-FROM
    return all.map((d) => {
      if (d.outputSchema === undefined) return d;
      const { outputSchema: _hidden, ...older } = d;
      return older;
    });
  }

  #screen(request: RequestInfo): RpcErrorObject | undefined {
    return (
      modernRefusal(request.method, request.params) ??
      this.#missingCapability(request) ??
      malformedAnswers(request.params) ??
      tamperedState(request.params)
    );
  }

  // @implements mcp-revisions#MODERN-MISSING-CAPABILITY
  /** The refusal of a stateless tool call whose client lacks a capability the tool requires. */
  #missingCapability(request: RequestInfo): RpcErrorObject | undefined {
    if (request.method !== METHODS.toolsCall || !isModernRequest(request.params)) return undefined;
    const name = isObject(request.params) ? request.params.name : undefined;
    const required = typeof name === 'string' ? this.#tools.get(name)?.requires : undefined;
    if (required === undefined) return undefined;
    const declared = metaOf(request.params)?.[META_KEYS.clientCapabilities];
    const missing = missingCapabilities(required, isObject(declared) ? declared : {});
    if (missing === undefined) return undefined;
    return {
      code: REVISION_ERROR_CODES.missingCapability,
      message: `Missing required client capability: tool \`${name}\` needs ${JSON.stringify(missing)} in _meta \`${META_KEYS.clientCapabilities}\`, which this request does not declare`,
      data: { [FIELDS.required]: missing },
    };
  }

  // @implements mcp-revisions#CLOSED-INPUTS-ARE-VALIDATED
  #checkArguments(
    tool: Tool,
    args: Record<string, unknown>,
    request: RequestInfo,
  ): { error: RpcErrorObject } | { output: ToolOutput } | undefined {
    const schema = tool.descriptor.inputSchema;
    if (schema.additionalProperties !== false) return undefined;
    const problems = schemaProblems(schema as Schema, args);
    if (problems.length === 0) return undefined;
    const name = tool.descriptor.name;
    const text = `arguments of tool \`${name}\` do not fit its inputSchema: ${problems.join('; ')}`;
    // @implements mcp-revisions#INPUT-ERRORS-AS-RESULTS-FROM
    if (inputErrorsAreResults(this.revisionOf(request.params))) {
      return { output: { report: `Invalid ${text}`, isError: true } };
    }
    return rpcError(ERROR_CODES.invalidParams, `Invalid params: ${text}`, { tool: name, problems });
  }

  #toolResultJson(tool: Tool, output: ToolOutput, request: RequestInfo): string {
    const modern = isModernRequest(request.params);
    // @implements mcp-revisions#MODERN-OTHER-RESULT-KINDS
    if (output.result !== undefined) {
      if (modern) return JSON.stringify(this.#stamp(output.result, request.method));
      return toolResultJson({
        report: `tool \`${tool.descriptor.name}\` answered with a \`${resultKind(output.result)}\` result, which revision ${this.#legacy} cannot carry; call it with revision ${MODERN_REVISIONS.join(', ')}`,
        isError: true,
      });
    }
    const checked = checkStructured(tool, output);
    const structured =
      checked.structured !== undefined && showsStructuredOutput(this.revisionOf(request.params));
    // The common case, a legacy answer with no data, keeps the loop's fast spelling.
    if (!modern && !structured) return toolResultJson(checked);
    // Spelled as text around the loop's own spelling: a tool call is the hot path of every era.
    const plain = toolResultJson(checked);
    // @implements mcp-revisions#STRUCTURED-RESULT-CARRIES-A-TEXT-COPY
    const data = structured ? `,"${FIELDS.structured}":${JSON.stringify(checked.structured)}` : '';
    if (!modern) return `${plain.slice(0, -1)}${data}}`;
    return `{${this.#stampJson}${plain.slice(1, -1)}${data}}`;
  }

  #result(result: unknown, request: RequestInfo): unknown {
    if (!isModernRequest(request.params) || !isObject(result)) return result;
    return this.#stamp(result, request.method);
  }

  /** A stateless result: its type, the server's identity and, where the spec says so, cache hints. */
  // @implements mcp-revisions#MODERN-SERVER-IDENTITY
  #stamp(result: Record<string, unknown>, method: string): Record<string, unknown> {
    const meta = isObject(result._meta) ? result._meta : {};
    const stamped: Record<string, unknown> = {
      ...RESULT_TYPE,
      ...result,
      _meta: { ...meta, [META_KEYS.serverInfo]: { ...this.#serverInfo } },
    };
    // @implements mcp-revisions#MODERN-CACHE-HINTS
    if (CACHEABLE.includes(method)) Object.assign(stamped, CACHE_HINTS);
    // @implements mcp-revisions#MODERN-REQUEST-STATE-IS-SEALED
    const state = stamped[STATE_FIELD];
    if (typeof state === 'string') stamped[STATE_FIELD] = sealState(state);
    return stamped;
  }
}

// @implements mcp-revisions#MODERN-REQUEST-STATE-IS-SEALED
const STATE_FIELD = spec.value('MODERN-INPUT-REQUIRED', 'string', 'state-field');

// @implements mcp-revisions#MODERN-INPUT-RESPONSES-ARE-CHECKED
const RESPONSES_FIELD = spec.value('MODERN-INPUT-REQUIRED', 'string', 'responses-field');

/** The refusal of a stateless request whose answers are not an object of objects. */
// @implements mcp-revisions#MODERN-INPUT-RESPONSES-ARE-CHECKED
function malformedAnswers(params: unknown): RpcErrorObject | undefined {
  if (!isModernRequest(params) || !isObject(params) || !Object.hasOwn(params, RESPONSES_FIELD))
    return undefined;
  const answers = params[RESPONSES_FIELD];
  const refuse = (what: string): RpcErrorObject => ({
    code: REVISION_ERROR_CODES.invalidParams,
    message: `Invalid params: ${what}; each answer is what the client's request gave back, an object`,
  });
  if (!isObject(answers)) return refuse(`\`${RESPONSES_FIELD}\` must be an object of answers by key`);
  for (const [key, answer] of Object.entries(answers)) {
    if (!isObject(answer)) return refuse(`\`${RESPONSES_FIELD}.${key}\` is ${JSON.stringify(answer)}`);
  }
  return undefined;
}

/** The refusal of a stateless request handing back a state this server did not give out, or changed. */
// @implements mcp-revisions#MODERN-REQUEST-STATE-IS-SEALED
function tamperedState(params: unknown): RpcErrorObject | undefined {
  if (!isModernRequest(params) || !isObject(params)) return undefined;
  const state = params[STATE_FIELD];
  if (state === undefined || (typeof state === 'string' && stateIsSealed(state))) return undefined;
  return {
    code: REVISION_ERROR_CODES.invalidParams,
    message: `Invalid params: \`${STATE_FIELD}\` is not a state this server handed out, or it was changed; send the request again without it to start over`,
  };
}

/**
 * What of `required` (client capabilities, as a client declares them) `declared`
 * lacks, in the same shape; undefined when nothing is missing. A capability
 * with settings of its own (an extension under `extensions`) is looked at one level down.
 */
// @implements mcp-revisions#MODERN-MISSING-CAPABILITY
export function missingCapabilities(
  required: Record<string, unknown>,
  declared: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const missing: Record<string, unknown> = {};
  for (const [key, need] of Object.entries(required)) {
    const have = declared[key];
    if (have === undefined || have === null) {
      missing[key] = need;
    } else if (isObject(need) && Object.keys(need).length > 0 && isObject(have)) {
      const deeper = missingCapabilities(need, have);
      if (deeper !== undefined) missing[key] = deeper;
    }
  }
  return Object.keys(missing).length > 0 ? missing : undefined;
}

/**
 * The refusal a request gets for its revision before any method runs, or
 * undefined: a stateless request naming a revision not spoken, a method the
 * revision removed, a `_meta` without capabilities; discovery without the
 * stateless `_meta`. Pure, so a transport can judge a request the same way
 * before it hands it on (`mcp-http` answers these with their HTTP status).
 */
// @implements mcp-revisions#MODERN-NEEDS-NO-HANDSHAKE
export function modernRefusal(method: string, params: unknown): RpcErrorObject | undefined {
  const meta = metaOf(params);
  if (meta === undefined || !Object.hasOwn(meta, META_KEYS.protocolVersion)) {
    if (method !== REVISION_METHODS.discover) return undefined;
    return {
      code: REVISION_ERROR_CODES.invalidParams,
      message: `Invalid params: \`${method}\` belongs to revision ${MODERN_REVISIONS.join(', ')} and needs params._meta with \`${META_KEYS.protocolVersion}\` and \`${META_KEYS.clientCapabilities}\``,
    };
  }
  const requested = meta[META_KEYS.protocolVersion];
  // @implements mcp-revisions#MODERN-UNSUPPORTED-REVISION
  if (typeof requested !== 'string' || !MODERN_REVISIONS.includes(requested)) {
    return unsupportedRevision(requested, 'in _meta');
  }
  // @implements mcp-revisions#MODERN-REMOVED-METHODS
  if (REMOVED_IN_MODERN.includes(method)) {
    return {
      code: ERROR_CODES.methodNotFound,
      message: `Method not found: \`${method}\` is not a method of revision ${requested}`,
    };
  }
  // @implements mcp-revisions#MODERN-CAPABILITIES-REQUIRED
  if (!isObject(meta[META_KEYS.clientCapabilities])) {
    return {
      code: REVISION_ERROR_CODES.invalidParams,
      message: `Invalid params: _meta must carry \`${META_KEYS.clientCapabilities}\`, an object (revision ${requested} declares capabilities on every request)`,
    };
  }
  return undefined;
}

// @implements mcp-revisions#MODERN-UNSUPPORTED-REVISION
/** The unsupported-revision error for `requested`, found `where` (in _meta, in a header), with every revision spoken. */
export function unsupportedRevision(requested: unknown, where: string): RpcErrorObject {
  return {
    code: REVISION_ERROR_CODES.unsupportedRevision,
    message: `Unsupported protocol version ${JSON.stringify(requested)} ${where}: this server speaks ${SUPPORTED_REVISIONS.join(', ')} (${MODERN_REVISIONS.join(', ')} without a handshake)`,
    data: { [FIELDS.supported]: SUPPORTED_REVISIONS, [FIELDS.requested]: requested },
  };
}

/** The revision screen first (a stateless request is refused for its revision before anything else), then the consumer's. */
function screenBoth(ours: RequestHooks['screen'], theirs: RequestHooks['screen']): RequestHooks['screen'] {
  if (theirs === undefined) return ours;
  return (request) => ours?.(request) ?? theirs(request);
}

/**
 * A server that speaks every revision above: the loop with this module's
 * methods and hooks. A consumer's own `methods` and hooks still win over
 * these, except that its `screen` runs after the revision checks.
 */
export function revisionServer(
  name: string,
  version: string,
  tools: ToolSet,
  options: ServerOptions = {},
): Server {
  const rules = new RevisionRules({ name, version }, tools);
  const hooks = rules.hooks();
  return new Server(name, version, tools, {
    ...options,
    methods: { ...rules.methods(), ...options.methods },
    hooks: { ...hooks, ...options.hooks, screen: screenBoth(hooks.screen, options.hooks?.screen) },
  });
}
