/**
 * The server features beside tools: resources (read, templates, subscribe),
 * prompts, argument completion and logging. A `Features` holds one session's
 * view of them (its subscriptions, its log level) and adds their methods to
 * the loop's table; `featureServer` is `revisionServer` that declares them.
 */
import { spec } from '../engine/generate/template-spec.ts';
import {
  type ContentBlock,
  contentProblems,
  type ResourceContents,
  resourceContentsProblems,
} from './content.ts';
import { ERROR_CODES, METHODS, type Reply, rpcError } from './jsonrpc.ts';
import { type RunContext, RunningCall } from './lifecycle.ts';
import {
  isModernRequest,
  MODERN_REVISIONS,
  REVISION_ERROR_CODES,
  REVISION_METHODS,
  RevisionRules,
  resultKind,
} from './revisions.ts';
import { type MethodHandler, type RequestHooks, Server, type ServerOptions } from './server.ts';
import type { ToolOutput, ToolSet } from './toolset.ts';

/** The methods this module answers. */
export const FEATURE_METHODS = {
  resourcesList: 'resources/list',
  templatesList: 'resources/templates/list',
  resourcesRead: 'resources/read',
  subscribe: 'resources/subscribe',
  unsubscribe: 'resources/unsubscribe',
  promptsList: 'prompts/list',
  promptsGet: 'prompts/get',
  complete: 'completion/complete',
  setLevel: 'logging/setLevel',
} as const;

/** The notifications it sends. */
export const FEATURE_NOTIFICATIONS = {
  // @implements mcp-features#RESOURCES-SUBSCRIBE
  resourceUpdated: spec.value('RESOURCES-SUBSCRIBE', 'method', 'method'),
  // @implements mcp-features#LIST-CHANGED-IS-NOTIFIED
  resourcesChanged: 'notifications/resources/list_changed',
  promptsChanged: 'notifications/prompts/list_changed',
  toolsChanged: 'notifications/tools/list_changed',
  // @implements mcp-features#LOG-LINES-ARE-NOTIFICATIONS
  message: spec.value('LOG-LINES-ARE-NOTIFICATIONS', 'method', 'method'),
} as const;

// @implements mcp-features#RESOURCES-READ
export const RESOURCE_NOT_FOUND = spec.value('RESOURCES-READ', 'jsonrpc-code', 'resource-not-found');
// @implements mcp-features#COMPLETION-COMPLETE
const MAX_VALUES = spec.value('COMPLETION-COMPLETE', 'integer', 'max-values');

// @implements mcp-features#LOG-LEVELS
export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A resource's listing. */
export interface ResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** A direct resource: its listing and its reader. */
export interface Resource extends ResourceInfo {
  read(uri: string): ResourceContents[] | Promise<ResourceContents[]>;
}

/** Values for a partial argument; `context.arguments` holds the arguments already chosen. */
export type Completer = (
  value: string,
  context: { arguments: Record<string, string> },
) => string[] | Promise<string[]>;

/** Resources named by a URI template with `{name}` variables (RFC 6570 level 1; `{+name}` spans slashes). */
export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  read(uri: string, variables: Record<string, string>): ResourceContents[] | Promise<ResourceContents[]>;
  /** Completers of its variables, by name. */
  complete?: Record<string, Completer>;
}

export interface PromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

/** What a prompt answers: its messages, or (stateless requests only) a result of another kind. */
export type PromptAnswer =
  | { description?: string; messages: PromptMessage[] }
  | Pick<ToolOutput, 'report' | 'result'>;

// @implements mcp-revisions#MODERN-INPUT-REQUIRED
/** What a later round of a `prompts/get` carries: the client's answers and the state handed back. */
export type PromptContext = Pick<RunContext, 'inputResponses' | 'requestState'>;

export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  /**
   * The messages for `args`. For a stateless request a prompt that needs the
   * client first may answer `inputRequired(…)` instead, and read the answers
   * from `context` in the next round.
   */
  get(args: Record<string, string>, context: PromptContext): PromptAnswer | Promise<PromptAnswer>;
  /** Completers of its arguments, by name. */
  complete?: Record<string, Completer>;
}

export interface FeatureOptions {
  resources?: Resource[];
  resourceTemplates?: ResourceTemplate[];
  prompts?: Prompt[];
  // @implements mcp-revisions#EXTENSIONS-ARE-DECLARED
  /** The protocol extensions the server speaks, by name, with their settings (declared under `capabilities.extensions`). */
  extensions?: Record<string, Record<string, unknown>>;
  /** Whether the server logs to the client (default true). */
  logging?: boolean;
  /** Whether the tool list may change while serving (`toolsChanged` then tells the client). */
  toolsListChanged?: boolean;
  /**
   * Where notifications go (a peer's `notify`); unset, they are dropped.
   * `related` is the id of the client's request a notification belongs to, when known.
   */
  notify?: (method: string, params?: Record<string, unknown>, related?: unknown) => void;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pick<T extends object>(from: T, keys: readonly (keyof T)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (from[key] !== undefined) out[key as string] = from[key];
  return out;
}

const invalid = (message: string, data?: Record<string, unknown>): Reply =>
  rpcError(ERROR_CODES.invalidParams, `Invalid params: ${message}`, data);

/** A compiled URI template: its matcher and its variables in order. */
interface Compiled {
  template: ResourceTemplate;
  pattern: RegExp;
  names: string[];
}

function compile(template: ResourceTemplate): Compiled {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const m of template.uriTemplate.matchAll(/\{(\+?)([A-Za-z0-9_]+)\}/g)) {
    source += escapeRegExp(template.uriTemplate.slice(last, m.index));
    source += m[1] === '+' ? '(.+)' : '([^/?#]+)';
    names.push(m[2] as string);
    last = (m.index ?? 0) + m[0].length;
  }
  source += escapeRegExp(template.uriTemplate.slice(last));
  return { template, pattern: new RegExp(`^${source}$`), names };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One session's resources, prompts, completions and log level. */
export class Features {
  #resources = new Map<string, Resource>();
  #templates: Compiled[];
  #prompts = new Map<string, Prompt>();
  #logging: boolean;
  #toolsListChanged: boolean;
  #notify: FeatureOptions['notify'];
  #subscribed = new Set<string>();
  /** Index in LOG_LEVELS of the least severe level sent; 0 until set. */
  #level = 0;

  constructor(options: FeatureOptions = {}) {
    for (const r of options.resources ?? []) this.#resources.set(r.uri, r);
    this.#templates = (options.resourceTemplates ?? []).map(compile);
    for (const p of options.prompts ?? []) this.#prompts.set(p.name, p);
    this.#logging = options.logging !== false;
    this.#toolsListChanged = options.toolsListChanged === true;
    this.#notify = options.notify;
    this.#extensions = options.extensions;
  }

  #extensions: FeatureOptions['extensions'];

  /** Sends notifications through `notify` from now on. */
  attach(notify: NonNullable<FeatureOptions['notify']>): void {
    this.#notify = notify;
  }

  // @implements mcp-features#FEATURES-ARE-DECLARED
  /** The capabilities these features add to `tools`. */
  capabilities(): Record<string, unknown> {
    const caps: Record<string, unknown> = {};
    if (this.#toolsListChanged) caps.tools = { listChanged: true };
    if (this.#resources.size > 0 || this.#templates.length > 0)
      caps.resources = { subscribe: true, listChanged: true };
    if (this.#prompts.size > 0) caps.prompts = { listChanged: true };
    const completes =
      [...this.#prompts.values()].some((p) => p.complete !== undefined) ||
      this.#templates.some((t) => t.template.complete !== undefined);
    if (completes) caps.completions = {};
    if (this.#logging) caps.logging = {};
    // @implements mcp-revisions#EXTENSIONS-ARE-DECLARED
    if (this.#extensions !== undefined && Object.keys(this.#extensions).length > 0) {
      caps.extensions = this.#extensions;
    }
    return caps;
  }

  /** The handlers of the declared features, for the loop's method table. */
  methods(): Record<string, MethodHandler> {
    const caps = this.capabilities();
    const table: Record<string, MethodHandler> = {};
    if (caps.resources !== undefined) {
      // @implements mcp-features#RESOURCES-LIST
      table[FEATURE_METHODS.resourcesList] = () => ({
        result: { resources: [...this.#resources.values()].map((r) => this.#info(r)) },
      });
      table[FEATURE_METHODS.templatesList] = () => ({
        result: {
          resourceTemplates: this.#templates.map(({ template }) =>
            pick(template, ['uriTemplate', 'name', 'title', 'description', 'mimeType']),
          ),
        },
      });
      table[FEATURE_METHODS.resourcesRead] = (params) => this.#read(params);
      // @implements mcp-features#RESOURCES-SUBSCRIBE
      table[FEATURE_METHODS.subscribe] = (params) => this.#subscription(params, true);
      table[FEATURE_METHODS.unsubscribe] = (params) => this.#subscription(params, false);
    }
    if (caps.prompts !== undefined) {
      // @implements mcp-features#PROMPTS-LIST
      table[FEATURE_METHODS.promptsList] = () => ({
        result: {
          prompts: [...this.#prompts.values()].map((p) =>
            pick(p, ['name', 'title', 'description', 'arguments']),
          ),
        },
      });
      table[FEATURE_METHODS.promptsGet] = (params) => this.#prompt(params);
    }
    if (caps.completions !== undefined) table[FEATURE_METHODS.complete] = (params) => this.#complete(params);
    if (caps.logging !== undefined) table[FEATURE_METHODS.setLevel] = (params) => this.#setLevel(params);
    return table;
  }

  // @implements mcp-features#LIST-CHANGED-IS-NOTIFIED
  /** Adds or replaces a resource, and tells the client the list changed. */
  addResource(resource: Resource): void {
    this.#resources.set(resource.uri, resource);
    this.#send(FEATURE_NOTIFICATIONS.resourcesChanged);
  }

  removeResource(uri: string): void {
    if (this.#resources.delete(uri)) this.#send(FEATURE_NOTIFICATIONS.resourcesChanged);
  }

  addPrompt(prompt: Prompt): void {
    this.#prompts.set(prompt.name, prompt);
    this.#send(FEATURE_NOTIFICATIONS.promptsChanged);
  }

  removePrompt(name: string): void {
    if (this.#prompts.delete(name)) this.#send(FEATURE_NOTIFICATIONS.promptsChanged);
  }

  /** Tells the client the tool list changed (registered in the server's ToolSet while serving). */
  toolsChanged(): void {
    if (this.#toolsListChanged) this.#send(FEATURE_NOTIFICATIONS.toolsChanged);
  }

  /** Says `uri` changed: a client subscribed to it is told. */
  resourceUpdated(uri: string): void {
    if (this.#subscribed.has(uri)) this.#send(FEATURE_NOTIFICATIONS.resourceUpdated, { uri });
  }

  /** URIs the client subscribed to. */
  get subscriptions(): ReadonlySet<string> {
    return this.#subscribed;
  }

  // @implements mcp-features#LOG-LINES-ARE-NOTIFICATIONS
  /**
   * Logs to the client, unless `level` is less severe than the level it set;
   * `relatedRequestId` names the request (a tool call's) the line belongs to.
   */
  log(level: LogLevel, data: unknown, logger?: string, relatedRequestId?: unknown): void {
    if (!this.#logging) return;
    const at = LOG_LEVELS.indexOf(level);
    if (at === -1 || at < this.#level) return;
    const params = { level, ...(logger === undefined ? {} : { logger }), data };
    this.#send(FEATURE_NOTIFICATIONS.message, params, relatedRequestId);
  }

  #send(method: string, params?: Record<string, unknown>, related?: unknown): void {
    if (related === undefined) this.#notify?.(method, params);
    else this.#notify?.(method, params, related);
  }

  #info(r: Resource): Record<string, unknown> {
    return pick(r, ['uri', 'name', 'title', 'description', 'mimeType', 'size']);
  }

  // @implements mcp-features#RESOURCES-READ
  async #read(params: unknown): Promise<Reply> {
    const uri = isObject(params) ? params.uri : undefined;
    if (typeof uri !== 'string') return invalid('`resources/read` needs `uri`, a string');
    let contents: ResourceContents[] | undefined;
    const direct = this.#resources.get(uri);
    if (direct !== undefined) contents = await direct.read(uri);
    else {
      for (const { template, pattern, names } of this.#templates) {
        const m = pattern.exec(uri);
        if (m === null) continue;
        const variables: Record<string, string> = {};
        names.forEach((name, i) => {
          variables[name] = decodeURIComponent(m[i + 1] as string);
        });
        contents = await template.read(uri, variables);
        break;
      }
    }
    if (contents === undefined) {
      // @implements mcp-revisions#MODERN-RESOURCE-NOT-FOUND
      const code = isModernRequest(params) ? REVISION_ERROR_CODES.resourceNotFound : RESOURCE_NOT_FOUND;
      return rpcError(code, `Resource not found: ${uri}`, { uri });
    }
    const problems = Array.isArray(contents)
      ? contents.flatMap((c, i) => resourceContentsProblems(c, `contents[${i}]`))
      : ['contents: must be an array'];
    if (problems.length > 0) {
      return rpcError(
        ERROR_CODES.internalError,
        `The reader of ${uri} gave contents that are not valid: ${problems.join('; ')}`,
      );
    }
    return { result: { contents } };
  }

  #subscription(params: unknown, on: boolean): Reply {
    const uri = isObject(params) ? params.uri : undefined;
    if (typeof uri !== 'string')
      return invalid(`\`resources/${on ? 'subscribe' : 'unsubscribe'}\` needs \`uri\`, a string`);
    if (on) this.#subscribed.add(uri);
    else this.#subscribed.delete(uri);
    return { result: {} };
  }

  // @implements mcp-features#PROMPTS-GET
  async #prompt(params: unknown): Promise<Reply> {
    const p = isObject(params) ? params : {};
    const name = p.name;
    const prompt = typeof name === 'string' ? this.#prompts.get(name) : undefined;
    if (prompt === undefined) {
      return invalid(`unknown prompt ${JSON.stringify(name)}`, { known: [...this.#prompts.keys()] });
    }
    const args: Record<string, string> = {};
    if (isObject(p.arguments)) for (const [k, v] of Object.entries(p.arguments)) args[k] = String(v);
    const missing = (prompt.arguments ?? []).filter((a) => a.required === true && args[a.name] === undefined);
    if (missing.length > 0) {
      return invalid(
        `prompt \`${prompt.name}\` needs the argument(s) ${missing.map((a) => a.name).join(', ')}`,
      );
    }
    const answer = await prompt.get(args, new RunningCall(undefined, params));
    // @implements mcp-revisions#MODERN-INPUT-REQUIRED
    const other =
      isObject(answer) && isObject((answer as { result?: unknown }).result)
        ? (answer as Pick<ToolOutput, 'result'>)
        : undefined;
    if (other?.result !== undefined) {
      if (isModernRequest(params)) return { result: other.result };
      return rpcError(
        ERROR_CODES.internalError,
        `Prompt \`${prompt.name}\` answered with a \`${resultKind(other.result)}\` result, which only revision ${MODERN_REVISIONS.join(', ')} can carry`,
      );
    }
    const got = answer as { description?: string; messages: PromptMessage[] } | undefined;
    const problems = (got?.messages ?? []).flatMap((m, i) =>
      m?.role === 'user' || m?.role === 'assistant'
        ? contentProblems([m.content], `messages[${i}].content`)
        : [`messages[${i}].role: must be user or assistant`],
    );
    if (!Array.isArray(got?.messages) || problems.length > 0) {
      return rpcError(
        ERROR_CODES.internalError,
        `Prompt \`${prompt.name}\` gave messages that are not valid: ${problems.join('; ') || 'no messages array'}`,
      );
    }
    return {
      result:
        got.description === undefined
          ? { messages: got.messages }
          : { description: got.description, messages: got.messages },
    };
  }

  // @implements mcp-features#COMPLETION-COMPLETE
  async #complete(params: unknown): Promise<Reply> {
    const p = isObject(params) ? params : {};
    const ref = isObject(p.ref) ? p.ref : {};
    const argument = isObject(p.argument) ? p.argument : {};
    if (typeof argument.name !== 'string')
      return invalid('`completion/complete` needs `argument.name`, a string');
    let completers: Record<string, Completer> | undefined;
    if (ref.type === 'ref/prompt' && typeof ref.name === 'string') {
      const prompt = this.#prompts.get(ref.name);
      if (prompt === undefined) return invalid(`unknown prompt ${JSON.stringify(ref.name)}`);
      completers = prompt.complete;
    } else if (ref.type === 'ref/resource' && typeof ref.uri === 'string') {
      const template = this.#templates.find((t) => t.template.uriTemplate === ref.uri);
      if (template === undefined && !this.#resources.has(ref.uri))
        return invalid(`unknown resource ${JSON.stringify(ref.uri)}`);
      completers = template?.template.complete;
    } else {
      return invalid('`ref` must be {type: "ref/prompt", name} or {type: "ref/resource", uri}');
    }
    const context = isObject(p.context) && isObject(p.context.arguments) ? p.context.arguments : {};
    const chosen: Record<string, string> = {};
    for (const [k, v] of Object.entries(context)) chosen[k] = String(v);
    const completer = completers?.[argument.name];
    const all =
      completer === undefined ? [] : await completer(String(argument.value ?? ''), { arguments: chosen });
    const values = all.slice(0, MAX_VALUES);
    return { result: { completion: { values, total: all.length, hasMore: all.length > values.length } } };
  }

  // @implements mcp-features#LOGGING-SET-LEVEL
  #setLevel(params: unknown): Reply {
    const level = isObject(params) ? params.level : undefined;
    const at = LOG_LEVELS.indexOf(level as LogLevel);
    if (at === -1)
      return invalid(`\`level\` must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(level)}`);
    this.#level = at;
    return { result: {} };
  }
}

/** The revision screen first, then the consumer's. */
function screenBoth(ours: RequestHooks['screen'], theirs: RequestHooks['screen']): RequestHooks['screen'] {
  if (theirs === undefined) return ours;
  return (request) => ours?.(request) ?? theirs(request);
}

/** A handler whose result's `capabilities` gain `extra`. */
function declaring(
  handler: MethodHandler | undefined,
  extra: Record<string, unknown>,
): MethodHandler | undefined {
  if (handler === undefined) return undefined;
  const add = (reply: Reply): Reply => {
    if (!('result' in reply) || !isObject(reply.result)) return reply;
    const caps = isObject(reply.result.capabilities) ? reply.result.capabilities : {};
    return { result: { ...reply.result, capabilities: { ...caps, ...extra } } };
  };
  return (params, request) => {
    const reply = handler(params, request);
    return reply instanceof Promise ? reply.then(add) : add(reply);
  };
}

/**
 * `revisionServer` with `features`: their methods in the table and their
 * capabilities declared by `initialize` and discovery. A consumer's own
 * `methods` and hooks still win, except that its `screen` runs after the revision checks.
 */
// @implements mcp-features#FEATURES-ARE-DECLARED
export function featureServer(
  name: string,
  version: string,
  tools: ToolSet,
  features: Features,
  options: ServerOptions = {},
): Server {
  const rules = new RevisionRules({ name, version }, tools);
  const methods = rules.methods();
  const extra = features.capabilities();
  for (const method of [METHODS.initialize, REVISION_METHODS.discover]) {
    const wrapped = declaring(methods[method], extra);
    if (wrapped !== undefined) methods[method] = wrapped;
  }
  const hooks = rules.hooks();
  return new Server(name, version, tools, {
    ...options,
    methods: { ...methods, ...features.methods(), ...options.methods },
    hooks: { ...hooks, ...options.hooks, screen: screenBoth(hooks.screen, options.hooks?.screen) },
  });
}
