/**
 * factline's own MCP tools, mounted by `factline serve` on the generated
 * core: list facts, explain one, run the gate. Each call sees the repository
 * as it is now, so an agent editing it sees its edits; the specs are parsed
 * again only when a spec file changed. Long calls report progress when asked
 * and stop early when cancelled.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { glob } from 'tinyglobby';
import { CITATION_VERBS } from '../../checks/model.ts';
import { renderConsole } from '../../checks/reporters/console.ts';
import { escapeControls } from '../../checks/reporters/escape/console.ts';
import { renderExplain } from '../../checks/reporters/explain.ts';
import { verdictOf } from '../../checks/verdict.ts';
import {
  failure,
  type RunContext,
  structuredOutput,
  type Tool,
  type ToolOutput,
  ToolSet,
} from '../../generated/index.ts';
import type { Fact } from '../../reader/model.ts';
import type { FactlineConfig } from '../config/model.ts';
import { UsageError } from '../errors.ts';
import { readClientFile } from '../files/client-path.ts';
import type { GateOptions, GateRun } from '../gate/run.ts';
import { addressingOf } from '../gate/setup.ts';
import type { EngineIO } from '../io.ts';
import { Project } from '../project.ts';
import { impactQuery, renderImpact, renderServedAt, servedAtQuery } from '../queries.ts';
import { resolveArgument } from '../ref-argument.ts';
import { attributeFilter } from '../where.ts';

const stringProp = (description: string) => ({ type: 'string', description });

/** The `results` argument of the tools that run the gate. */
const RESULTS_PROP = {
  type: 'array',
  items: { type: 'string' },
  description:
    'test results files (vitest/Jest JSON, JUnit XML) relative to the project root, instead of the config’s `results`: a @verifies counts only when its test passed',
};

/**
 * `{results}` for the gate from a tool's arguments, or the report naming what
 * is wrong. The names travel with the reader that applies the client path
 * policy to them and to the vector files their content names.
 */
// @implements results#RESULTS-ON-EVERY-VERDICT
// @implements serve#CLIENT-NAMED-FILES-STAY-IN-THE-PROJECT
export function resultsArgument(
  args: Record<string, unknown>,
  root: string,
): Pick<GateOptions, 'results' | 'readInput'> | string {
  const value = args.results;
  if (value === undefined) return {};
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) {
    return '`results` must be an array of file paths (strings), e.g. ["test-results.json"]';
  }
  const results = value as string[];
  return {
    results,
    readInput: (file, what) =>
      readClientFile(
        root,
        file,
        what === 'results' ? `results[${results.indexOf(file)}]` : 'a vectors file the results name',
      ),
  };
}

/** An output schema of a closed object whose fields are all present. */
const record = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});
const INT = { type: 'integer' };
const STR = { type: 'string' };
/** A place in a file, as every report cites it. */
const PLACE = { file: STR, line: INT, column: INT };

const FACT_OUTPUT = record({
  address: STR,
  ...PLACE,
  status: STR,
  class: { type: 'string', enum: ['normative', 'service'] },
  text: STR,
});

/** The facts_list filters, checked: a wrong value is a report naming the accepted ones. */
export interface FactFilter {
  doc?: string;
  stage?: string;
  state?: string;
  class?: string;
  /** `@attr:` expressions, as `--where` takes them. */
  where?: string[];
}

// @implements serve#CORE-FACTS-LIST-FILTERS
export function parseFactFilter(args: Record<string, unknown>): FactFilter | string {
  const filter: FactFilter = {};
  for (const key of ['doc', 'status', 'class'] as const) {
    const value = args[key];
    if (value !== undefined && typeof value !== 'string') return `\`${key}\` must be a string`;
  }
  const known = new Set(['doc', 'status', 'class', 'where']);
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length > 0) return `unknown argument \`${unknown[0]}\` (known: doc, status, class, where)`;
  const where = args.where;
  if (where !== undefined) {
    if (!Array.isArray(where) || !where.every((w) => typeof w === 'string')) {
      return '`where` must be an array of strings such as ["priority=high"]';
    }
    filter.where = where;
  }
  if (typeof args.doc === 'string') filter.doc = args.doc;
  if (typeof args.class === 'string') {
    if (args.class !== 'normative' && args.class !== 'service') {
      return `\`class\` is \`normative\` (UPPER ids) or \`service\` (kebab ids), not \`${args.class}\``;
    }
    filter.class = args.class;
  }
  if (typeof args.status === 'string') {
    const [a, b] = args.status.split('/');
    if (b !== undefined) {
      if (a) filter.stage = a;
      if (b) filter.state = b;
    } else if (a && ['plan', 'work', 'done', 'hold', 'void'].includes(a)) filter.state = a;
    else if (a) filter.stage = a;
  }
  return filter;
}

export function matches(fact: Fact, filter: FactFilter): boolean {
  return (
    (filter.doc === undefined || fact.doc === filter.doc) &&
    (filter.stage === undefined || fact.status.stage === filter.stage) &&
    (filter.state === undefined || fact.status.state === filter.state) &&
    (filter.class === undefined || fact.factClass === filter.class)
  );
}

function factLine(f: Fact): string {
  const summary = f.text.length > 100 ? `${f.text.slice(0, 99)}…` : f.text;
  return `${f.file}:${f.line}:${f.column}: ${f.address} ${f.status.stage}/${f.status.state} ${f.factClass} — ${summary}`;
}

/** A fact as the tools' structured output gives it. */
function factData(f: Fact) {
  return {
    address: f.address,
    file: f.file,
    line: f.line,
    column: f.column,
    status: `${f.status.stage}/${f.status.state}`,
    class: f.factClass,
    text: f.text,
  };
}

/** Why a run stopped early: its call was cancelled. */
class Cancelled extends Error {}

/** Turns a UsageError (bad reference, unreadable spec) into the report the agent reads. */
async function reporting(run: () => Promise<ToolOutput>): Promise<ToolOutput> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UsageError) return failure(error.message);
    // The core sends no answer for a cancelled call; this report is for a direct caller.
    if (error instanceof Cancelled) return failure(`cancelled: ${error.message}`);
    throw error;
  }
}

/** Stops the run when its call was cancelled. */
function stopIfCancelled(context: RunContext | undefined): void {
  const signal = context?.signal;
  if (signal?.aborted)
    throw new Cancelled(String((signal.reason as Error | undefined)?.message ?? 'aborted'));
}

/**
 * The project the tools judge, kept between calls: its specs are parsed
 * again only when a spec file was added, removed or changed (by path, size
 * and modification time); its source and test files are always listed anew.
 */
// @implements serve#SERVE-TOOLS-REUSE-THE-LOADED-PROJECT
class KeptProject {
  #project: Project | undefined;
  #stamp = '';

  constructor(
    readonly io: EngineIO,
    readonly config: FactlineConfig,
  ) {}

  async open(): Promise<Project> {
    const stamp = await this.#specStamp();
    if (this.#project !== undefined && stamp === this.#stamp) return this.#project.withSameSpecs();
    this.#stamp = stamp;
    this.#project = new Project(this.io, this.config);
    return this.#project;
  }

  async #specStamp(): Promise<string> {
    const files = await glob(this.config.specs, {
      cwd: this.config.root,
      ignore: this.config.ignore,
      followSymbolicLinks: true,
    });
    return files
      .sort()
      .map((file) => {
        try {
          const s = statSync(resolve(this.config.root, file));
          return `${file}:${s.size}:${s.mtimeMs}`;
        } catch {
          return `${file}:gone`;
        }
      })
      .join('\n');
  }

  /**
   * The gate over the project, reporting `steps` of progress (when the call
   * asked for it) and stopping between phases once the call is cancelled.
   */
  // @implements serve#SERVE-TOOLS-PROGRESS-AND-CANCEL
  async check(options: GateOptions, context: RunContext | undefined): Promise<GateRun> {
    // A direct caller may give no context, or one without progress.
    const report = typeof context?.progress === 'function' ? context.progress : undefined;
    const progress = (done: number, message: string) => report?.(done, 3, message);
    stopIfCancelled(context);
    progress(0, 'loading the specs');
    const project = await this.open();
    stopIfCancelled(context);
    const run = await project.check({
      ...options,
      wrapBackend: (chosen) => ({
        ...chosen,
        scanFiles: async (names) => {
          stopIfCancelled(context);
          progress(1, `scanning ${names.length} file${names.length === 1 ? '' : 's'}`);
          const outcomes = await chosen.scanFiles(names);
          stopIfCancelled(context);
          progress(2, 'tracing');
          return outcomes;
        },
      }),
    });
    stopIfCancelled(context);
    progress(3, 'done');
    return run;
  }
}

// @implements serve#CORE-SERVE-MOUNTS-FACTLINE-TOOLS
export function factlineTools(io: EngineIO, config: FactlineConfig): ToolSet {
  const kept = new KeptProject(io, config);
  const factsList: Tool = {
    descriptor: {
      name: 'facts_list',
      description:
        'List the facts of the specs (one line each: file:line:col, address, stage/state, class, text). ' +
        'Filters: doc (document name, e.g. mcp-core), status (stage, state or stage/state, e.g. impl/done), ' +
        'class (normative or service), where (attribute expressions KEY=VALUE, KEY!=VALUE or KEY, all must hold).',
      inputSchema: {
        type: 'object',
        properties: {
          doc: stringProp('document name, e.g. `mcp-core`'),
          status: stringProp('`impl/done`, a stage such as `impl`, or a state such as `done`'),
          class: { type: 'string', enum: ['normative', 'service'] },
          where: {
            type: 'array',
            items: { type: 'string' },
            description:
              '`@attr:` filters as `factline facts --where` takes them, e.g. ["priority=high", "risk"]',
          },
        },
        additionalProperties: false,
      },
      // @implements mcp-revisions#SERVE-TOOLS-DECLARE-OUTPUT-SCHEMAS
      outputSchema: record({ count: INT, facts: { type: 'array', items: FACT_OUTPUT } }),
    },
    run: (args, context) =>
      reporting(async () => {
        const filter = parseFactFilter(args);
        if (typeof filter === 'string') return failure(`facts_list: ${filter}`);
        // @implements chains#ATTRIBUTE-FILTER-MCP
        const keep = attributeFilter(config, filter.where ?? [], 'where');
        const { set } = await (await kept.open()).specs();
        stopIfCancelled(context);
        const docs = set.documents.map((d) => d.doc);
        if (filter.doc !== undefined && !docs.includes(filter.doc)) {
          return failure(`facts_list: no document \`${filter.doc}\` (loaded: ${docs.join(', ')})`);
        }
        const facts = set.documents
          .flatMap((d) => d.facts)
          .filter((f) => matches(f, filter) && keep(f.attributes));
        const lines = facts.map(factLine);
        return structuredOutput(
          { count: facts.length, facts: facts.map(factData) },
          `${facts.length} fact${facts.length === 1 ? '' : 's'}\n${lines.join('\n')}`.trimEnd(),
        );
      }),
  };

  // @implements serve#CORE-FACT-EXPLAIN-SHOWS-CITATIONS
  const factExplain: Tool = {
    descriptor: {
      name: 'fact_explain',
      description:
        'One fact: its place, status, digest and the pin to cite it with, its text, the evidence it needs, ' +
        'and every citation of it in the code and tests (file:line:col).',
      inputSchema: {
        type: 'object',
        properties: {
          ref: stringProp('DOC#ID, or a bare ID that is unique across the specs'),
          results: RESULTS_PROP,
        },
        required: ['ref'],
        additionalProperties: false,
      },
      outputSchema: record({
        fact: FACT_OUTPUT,
        digest: STR,
        citations: {
          type: 'array',
          items: record({ verb: { type: 'string', enum: [...CITATION_VERBS] }, ...PLACE }),
        },
      }),
    },
    run: (args, context) =>
      reporting(async () => {
        if (typeof args.ref !== 'string' || args.ref === '') {
          return failure('fact_explain: give `ref`, e.g. `mcp-core#METHOD-PING`');
        }
        const results = resultsArgument(args, config.root);
        if (typeof results === 'string') return failure(`fact_explain: ${results}`);
        // One fact's trace needs no drift check of the generated files (the slow part of the gate).
        const only = async () => undefined;
        const { result, specs } = await kept.check({ cache: true, only, ...results }, context);
        const fact = resolveArgument(specs.set, args.ref, addressingOf(config));
        const trace = result.facts.find((f) => f.address === fact.address);
        const citations = result.citations.filter((c) => c.resolved === fact.address);
        return structuredOutput(
          {
            fact: factData(fact),
            digest: fact.digest,
            citations: citations.map((c) => ({ verb: c.verb, file: c.file, line: c.line, column: c.column })),
          },
          renderExplain(fact, trace, citations, result.links).trimEnd(),
        );
      }),
  };

  const CHAIN_FACT = {
    type: 'object',
    properties: { address: STR, text: STR, state: STR, file: STR, line: INT, depth: INT },
    required: ['address', 'text', 'state', 'file', 'line', 'depth'],
  };
  const SITE = {
    type: 'object',
    properties: { fact: STR, verb: STR, ...PLACE, counted: { type: 'boolean' } },
    required: ['fact', 'verb', 'file', 'line', 'column', 'counted'],
  };
  const list = (items: unknown) => ({ type: 'array', items });

  // @implements chains#QUERIES-AS-MCP-TOOLS
  const chainImpact: Tool = {
    descriptor: {
      name: 'chain_impact',
      description:
        'What a change to one fact reaches: every fact refining or deriving from it at any depth (with the link ' +
        'that reached each), and the code and tests citing it or any of them (file:line:col).',
      inputSchema: {
        type: 'object',
        properties: { ref: stringProp('DOC#ID, or a bare ID that is unique across the specs') },
        required: ['ref'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: { fact: CHAIN_FACT, downstream: list(CHAIN_FACT), code: list(SITE), tests: list(SITE) },
        required: ['fact', 'downstream', 'code', 'tests'],
      },
    },
    run: (args, context) =>
      reporting(async () => {
        if (typeof args.ref !== 'string' || args.ref === '') {
          return failure('chain_impact: give `ref`, e.g. `system#SYS-GREET`');
        }
        const { result, specs } = await kept.check({ cache: true, only: async () => undefined }, context);
        const impact = impactQuery(result, specs.set, args.ref, addressingOf(config));
        return structuredOutput(impact as unknown as Record<string, unknown>, renderImpact(impact).trimEnd());
      }),
  };

  // @implements chains#QUERIES-AS-MCP-TOOLS
  const chainAt: Tool = {
    descriptor: {
      name: 'chain_at',
      description:
        'Which facts one line serves: in code, the facts its citations name; in a spec, the fact written there; ' +
        'then every fact upstream of those through @refines: and @derives: links.',
      inputSchema: {
        type: 'object',
        properties: {
          file: stringProp('the file, relative to the project root'),
          line: { type: 'integer', minimum: 1, description: 'the line, from 1' },
        },
        required: ['file', 'line'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: {
          file: STR,
          line: INT,
          citations: list(SITE),
          direct: list(CHAIN_FACT),
          upstream: list(CHAIN_FACT),
        },
        required: ['file', 'line', 'citations', 'direct', 'upstream'],
      },
    },
    run: (args, context) =>
      reporting(async () => {
        if (
          typeof args.file !== 'string' ||
          args.file === '' ||
          !Number.isInteger(args.line) ||
          (args.line as number) < 1
        ) {
          return failure('chain_at: give `file` (relative to the project root) and `line` (from 1)');
        }
        const { result, specs } = await kept.check({ cache: true, only: async () => undefined }, context);
        const served = servedAtQuery(result, specs.set, args.file.split('\\').join('/'), args.line as number);
        return structuredOutput(
          served as unknown as Record<string, unknown>,
          renderServedAt(served).trimEnd(),
        );
      }),
  };

  // @implements mcp-core#REPORTS-SPEAK-THE-CLASS-F-REQ-CITING-GRAMMAR
  // @implements serve#CORE-TRACE-CHECK-IS-THE-GATE
  const traceCheck: Tool = {
    descriptor: {
      name: 'trace_check',
      description:
        'Run the traceability gate: every fact that needs implementation or verification, every citation. ' +
        'Answers the report (findings as file:line:col: severity rule message, with fixes); isError when it ' +
        'finds errors, exactly when `factline check` would exit 1.',
      inputSchema: {
        type: 'object',
        properties: {
          strict: { type: 'boolean', description: 'service units need evidence too' },
          results: RESULTS_PROP,
        },
        additionalProperties: false,
      },
      outputSchema: record({
        clean: { type: 'boolean' },
        findings: {
          type: 'array',
          items: record({
            rule: STR,
            severity: { type: 'string', enum: ['error', 'warning', 'info'] },
            ...PLACE,
            message: STR,
          }),
        },
        warnings: { type: 'array', items: record({ file: STR, message: STR }) },
      }),
    },
    run: (args, context) =>
      reporting(async () => {
        const results = resultsArgument(args, config.root);
        if (typeof results === 'string') return failure(`trace_check: ${results}`);
        const { result, warnings } = await kept.check(
          { strict: args.strict === true || config.strict, cache: true, ...results },
          context,
        );
        // What the scan warned of (a file read by tokens alone) is the caller's to see, as `check` prints it.
        // @implements scanner#SCAN-WARNINGS-REACH-EVERY-FRONT-END
        const warned = warnings
          .map((w) => `warning: ${escapeControls(`${w.file}: ${w.message}`)}\n`)
          .join('');
        const report = (warned + renderConsole(result, { color: false })).trimEnd();
        const clean = verdictOf(result) === 'clean';
        const findings = result.findings.map((f) => ({
          rule: f.rule,
          severity: f.severity,
          file: f.file,
          line: f.line,
          column: f.column,
          message: f.message,
        }));
        return { ...structuredOutput({ clean, findings, warnings }, report), isError: !clean };
      }),
  };

  return new ToolSet([factsList, factExplain, traceCheck, chainImpact, chainAt]);
}
