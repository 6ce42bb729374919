// The tasks extension (SEP-2663, `io.modelcontextprotocol/tasks`) for the
// conformance example: a tool that supports tasks answers a client that
// declared the extension with a task at once (`resultType: "task"`) and runs
// on; the client follows it with tasks/get, answers what it asks with
// tasks/update and stops it with tasks/cancel. Written from the scenarios'
// descriptions in @modelcontextprotocol/conformance 0.2.0-alpha.12; an
// extension, so it lives beside the example rather than in the generated core.
import { missingCapabilities, REVISION_ERROR_CODES, rpcError, toolResult } from 'factline/mcp-core';

export const TASKS = 'io.modelcontextprotocol/tasks';
/** What a client declares to speak the extension, and what a tool that needs it requires. */
export const TASKS_CAPABILITY = { extensions: { [TASKS]: {} } };

const TTL_MS = 60_000;
const POLL_MS = 200;
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** Whether a stateless request's client declared the extension (in its `_meta` capabilities). */
export const speaksTasks = (capabilities) => capabilities?.extensions?.[TASKS] !== undefined;

/** A failure below the tool: the task ends `failed` with this JSON-RPC error. */
export class ProtocolError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** Every task of the process, by id: a task outlives the request that started it. */
export class Tasks {
  #tasks = new Map();
  #next = 0;

  /**
   * Starts `work(task)` as a task and answers with its creation: stored
   * before the answer goes out, so a tasks/get right after it finds it.
   */
  start(work) {
    const now = new Date().toISOString();
    const task = {
      taskId: `task-${++this.#next}-${Date.now().toString(36)}`,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: TTL_MS,
      pollIntervalMs: POLL_MS,
      controller: new AbortController(),
      pending: undefined,
    };
    this.#tasks.set(task.taskId, task);
    const settle = (fields) => {
      if (TERMINAL.has(task.status)) return;
      Object.assign(task, fields, { lastUpdatedAt: new Date().toISOString() });
      task.pending = undefined;
      this.#expire(task);
    };
    Promise.resolve()
      .then(() => work(this.#handleOf(task)))
      .then(
        (output) => settle({ status: 'completed', result: toolResult(output) }),
        (error) =>
          settle({
            status: 'failed',
            error: {
              code: error instanceof ProtocolError ? error.code : -32603,
              message: error instanceof Error ? error.message : String(error),
            },
          }),
      );
    const { taskId, status, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs } = task;
    return {
      report: `task ${taskId} started`,
      result: { resultType: 'task', taskId, status, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs },
    };
  }

  /** What a task's work gets: its signal, and a way to ask the client and wait for every answer. */
  #handleOf(task) {
    return {
      signal: task.controller.signal,
      ask: (requests) =>
        new Promise((resolve, reject) => {
          if (TERMINAL.has(task.status)) return reject(new Error('the task has ended'));
          task.status = 'input_required';
          task.lastUpdatedAt = new Date().toISOString();
          task.pending = { requests: { ...requests }, answers: {}, resolve };
          task.controller.signal.addEventListener('abort', () => reject(new Error('cancelled')), {
            once: true,
          });
        }),
    };
  }

  #expire(task) {
    setTimeout(() => this.#tasks.delete(task.taskId), task.ttlMs).unref();
  }

  /** The task a request names, or the invalid-params error (unknown ids are -32602). */
  #named(params) {
    const task = this.#tasks.get(params?.taskId);
    if (task !== undefined) return { task };
    return rpcError(-32602, `Invalid params: no task ${JSON.stringify(params?.taskId)} (unknown or expired)`);
  }

  /** tasks/get, tasks/update and tasks/cancel, for the loop's method table. */
  methods() {
    return {
      'tasks/get': (params) => {
        const named = this.#named(params);
        if (named.error !== undefined) return named;
        const { taskId, status, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs } = named.task;
        const detail = { taskId, status, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs };
        if (status === 'input_required') detail.inputRequests = named.task.pending?.requests ?? {};
        if (status === 'completed') detail.result = named.task.result;
        if (status === 'failed') detail.error = named.task.error;
        return { result: detail };
      },
      // Answers are taken key by key: an answered key leaves inputRequests, the work
      // goes on once none is left, and a key never asked is ignored.
      'tasks/update': (params) => {
        const named = this.#named(params);
        if (named.error !== undefined) return named;
        const { task } = named;
        const pending = task.pending;
        const responses = params?.inputResponses;
        if (pending !== undefined && responses !== null && typeof responses === 'object') {
          for (const [key, answer] of Object.entries(responses)) {
            if (!(key in pending.requests)) continue;
            delete pending.requests[key];
            pending.answers[key] = answer;
          }
          task.lastUpdatedAt = new Date().toISOString();
          if (Object.keys(pending.requests).length === 0) {
            task.pending = undefined;
            task.status = 'working';
            pending.resolve(pending.answers);
          }
        }
        return { result: {} };
      },
      'tasks/cancel': (params) => {
        const named = this.#named(params);
        if (named.error !== undefined) return named;
        const { task } = named;
        if (!TERMINAL.has(task.status)) {
          task.status = 'cancelled';
          task.lastUpdatedAt = new Date().toISOString();
          task.pending = undefined;
          task.controller.abort(new Error('tasks/cancel'));
          this.#expire(task);
        }
        return { result: {} };
      },
    };
  }

  /**
   * The refusal of a stateless tasks/* request from a client that did not
   * declare the extension: -32021 naming it (SEP-2575's missing capability).
   */
  screen(request) {
    if (!request.method.startsWith('tasks/')) return undefined;
    const meta = request.params?._meta;
    if (meta?.['io.modelcontextprotocol/protocolVersion'] === undefined) return undefined;
    const missing = missingCapabilities(
      TASKS_CAPABILITY,
      meta['io.modelcontextprotocol/clientCapabilities'] ?? {},
    );
    if (missing === undefined) return undefined;
    return {
      code: REVISION_ERROR_CODES.missingCapability,
      message: `Missing required client capability: \`${request.method}\` belongs to the ${TASKS} extension, which this request does not declare`,
      data: { requiredCapabilities: missing },
    };
  }
}
