#!/usr/bin/env node
// A server on the generated MCP core with the fixtures of the official
// conformance suite (@modelcontextprotocol/conformance): its tools, resources
// and prompts, served over Streamable HTTP at http://127.0.0.1:$PORT/mcp.
// Written from the suite's scenario descriptions; run by .ci/conformance.sh.
import {
  content,
  Features,
  featureServer,
  inputRequired,
  serveHttp,
  ToolSet,
  toolContent,
} from 'factline/mcp-core';
import { ProtocolError, speaksTasks, TASKS, TASKS_CAPABILITY, Tasks } from './conformance-tasks.mjs';

// A 1x1 red PNG and a WAV header with two bytes of silence, base64.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA==';

const sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('cancelled'));
      },
      { once: true },
    );
  });
/** The tasks of the whole process: a task outlives the request (and the stateless server) that started it. */
const TASK_STORE = new Tasks();
const noArgs = { type: 'object', properties: {} };
const text = (t, isError = false) => toolContent([content.text(t)], isError);

/** The elicitation schemas of the SEP-1034 (defaults) and SEP-1330 (enums) scenarios. */
const DEFAULTS_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Your name', default: 'John Doe' },
    age: { type: 'integer', description: 'Your age', default: 30 },
    score: { type: 'number', description: 'Your score', default: 95.5 },
    status: {
      type: 'string',
      description: 'Status',
      enum: ['active', 'inactive', 'pending'],
      default: 'active',
    },
    verified: { type: 'boolean', description: 'Verified', default: true },
  },
};
const ENUMS_SCHEMA = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', description: 'Pick one', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      description: 'Pick one (titled)',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
        { const: 'value3', title: 'Third Option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      description: 'Pick one (legacy titles)',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: {
      type: 'array',
      description: 'Pick some',
      items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    },
    titledMulti: {
      type: 'array',
      description: 'Pick some (titled)',
      items: {
        anyOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
          { const: 'value3', title: 'Third Choice' },
        ],
      },
    },
  },
};

/** The tools of one session: `session` reaches its client, `features` its log level, `client` what it declared. */
function toolsFor(session, features, client) {
  // `context.id` is the id of the call asking: its stream carries the request to the client.
  const ask = async (capability, method, params, context) => {
    if (client.capabilities?.[capability] === undefined) {
      throw new Error(`the client did not declare the \`${capability}\` capability`);
    }
    return session.peer.request(method, params, { signal: context.signal, relatedRequestId: context.id });
  };
  const elicit = (message, requestedSchema, context) =>
    ask('elicitation', 'elicitation/create', { message, requestedSchema }, context);
  const tools = [
    ['test_simple_text', 'Returns simple text', () => text('This is a simple text response for testing.')],
    ['test_image_content', 'Returns an image', () => toolContent([content.image(PNG, 'image/png')])],
    ['test_audio_content', 'Returns audio', () => toolContent([content.audio(WAV, 'audio/wav')])],
    [
      'test_embedded_resource',
      'Returns an embedded resource',
      () =>
        toolContent([
          content.embedded({
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          }),
        ]),
    ],
    [
      'test_multiple_content_types',
      'Returns text, an image and a resource',
      () =>
        toolContent([
          content.text('Multiple content types test:'),
          content.image(PNG, 'image/png'),
          content.embedded({
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          }),
        ]),
    ],
    [
      'test_tool_with_logging',
      'Logs three lines while it runs',
      async (_args, context) => {
        const log = (line) => features.log('info', line, undefined, context.id);
        log('Tool execution started');
        await sleep(50);
        log('Tool processing data');
        await sleep(50);
        log('Tool execution completed');
        return text('Logging test completed');
      },
    ],
    [
      'test_tool_with_progress',
      'Reports progress 0, 50 and 100',
      async (_args, context) => {
        for (const done of [0, 50, 100]) {
          context.progress(done, 100, `Completed step ${done / 50 + 1} of 3`);
          if (done < 100) await sleep(50);
        }
        return text('Progress test completed');
      },
    ],
    [
      'test_error_handling',
      'Always fails',
      () => text('This tool intentionally returns an error for testing', true),
    ],
    [
      'test_sampling',
      'Asks the client to sample',
      async (args, context) => {
        const result = await ask(
          'sampling',
          'sampling/createMessage',
          {
            messages: [{ role: 'user', content: { type: 'text', text: String(args.prompt) } }],
            maxTokens: 100,
          },
          context,
        );
        return text(`LLM response: ${result?.content?.text ?? JSON.stringify(result?.content)}`);
      },
      { prompt: { type: 'string', description: 'The prompt to send' } },
      ['prompt'],
    ],
    [
      'test_elicitation',
      'Asks the user for input',
      async (args, context) => {
        const result = await elicit(
          String(args.message),
          {
            type: 'object',
            properties: {
              username: { type: 'string', description: "User's response" },
              email: { type: 'string', description: "User's email address" },
            },
            required: ['username', 'email'],
          },
          context,
        );
        return text(
          `User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`,
        );
      },
      { message: { type: 'string', description: 'The message to show the user' } },
      ['message'],
    ],
    [
      'test_elicitation_sep1034_defaults',
      'Elicits with a default for every primitive type',
      async (_args, context) => {
        const result = await elicit(
          'Please review and update the form fields with defaults',
          DEFAULTS_SCHEMA,
          context,
        );
        return text(
          `Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`,
        );
      },
    ],
    [
      'test_elicitation_sep1330_enums',
      'Elicits with every enum variant',
      async (_args, context) => {
        const result = await elicit('Please select options from the enum fields', ENUMS_SCHEMA, context);
        return text(
          `Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`,
        );
      },
    ],
  ];
  const set = new ToolSet();
  // SEP-1613 and SEP-2106: a 2020-12 schema, listed as written ($schema, $defs with an
  // $anchor, $ref, allOf/anyOf, if/then/else, additionalProperties).
  set.register({
    descriptor: {
      name: 'json_schema_2020_12_tool',
      description: 'Tool with JSON Schema 2020-12 features',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: {
            $anchor: 'addressDef',
            type: 'object',
            properties: { street: { type: 'string' }, city: { type: 'string' } },
          },
        },
        properties: {
          name: { type: 'string' },
          address: { $ref: '#/$defs/address' },
          contactMethod: { type: 'string', enum: ['phone', 'email'] },
          phone: { type: 'string' },
          email: { type: 'string' },
        },
        allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
        if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then`, listed as written (SEP-2106)
        then: { required: ['phone'] },
        else: { required: ['email'] },
        additionalProperties: false,
      },
    },
    run: (args) => text(`Received: ${JSON.stringify(args)}`),
  });
  for (const [name, description, run, properties = {}, required] of tools) {
    const inputSchema = { ...noArgs, properties, ...(required === undefined ? {} : { required }) };
    set.register({ descriptor: { name, description, inputSchema }, run });
  }
  for (const tool of statelessTools(set, features)) set.register(tool);
  for (const tool of taskTools(TASK_STORE)) set.register(tool);
  // SEP-2243: an argument that travels in the Mcp-Param-Region header too (checked by the HTTP transport).
  set.register({
    descriptor: {
      name: 'test_header_param',
      description: 'Echoes a region that travels in a header as well as in the body',
      inputSchema: {
        type: 'object',
        properties: { region: { type: 'string', description: 'A region', 'x-mcp-header': 'Region' } },
        required: ['region'],
      },
    },
    run: (args) => text(`Region: ${args.region}`),
  });
  return set;
}

/** An elicitation request of the SEP-2322 scenarios: a message and a form of one field. */
const elicitation = (message, field, type = 'string') => ({
  method: 'elicitation/create',
  params: {
    message,
    requestedSchema: { type: 'object', properties: { [field]: { type } }, required: [field] },
  },
});
const sampling = (text, maxTokens) => ({
  method: 'sampling/createMessage',
  params: { messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens },
});
const ROOTS = { method: 'roots/list', params: {} };
/** What an accepted elicitation answered, or undefined. */
const answered = (response, field) => (response?.action === 'accept' ? response.content?.[field] : undefined);
/** Whether every key was answered. */
const allAnswered = (responses, keys) => keys.every((key) => responses?.[key] !== undefined);

/**
 * The tools of the stateless-era scenarios (SEP-2575, SEP-2322): tools that
 * need a client capability, that ask the client through an input-required
 * result instead of a request of their own, and that change the tool and
 * prompt lists.
 */
function statelessTools(set, features) {
  const tool = (name, description, run, more = {}) => ({
    descriptor: { name, description, inputSchema: noArgs },
    run,
    ...more,
  });
  // One round: the answers to `requests`, or the requests again while one is missing.
  const oneRound = (requests, done) => (_args, context) =>
    allAnswered(context.inputResponses, Object.keys(requests))
      ? done(context.inputResponses, context)
      : inputRequired(requests);
  return [
    tool(
      'test_missing_capability',
      'Needs the client to sample (declared sampling capability)',
      () => text('The client declared sampling.'),
      { requires: { sampling: {} } },
    ),
    tool(
      'test_streaming_elicitation',
      'Asks the user through an input-required result, never a request on the stream',
      oneRound({ answer: elicitation('What should I use?', 'value') }, (responses) =>
        text(`You answered ${JSON.stringify(answered(responses.answer, 'value'))}`),
      ),
      { requires: { elicitation: {} } },
    ),
    tool('test_logging_tool', 'Logs a line at each level while it runs', async (_args, context) => {
      for (const level of ['debug', 'info', 'warning', 'error']) {
        features.log(level, `a ${level} line`, undefined, context.id);
      }
      return text('Logged four lines.');
    }),
    tool('test_trigger_tool_change', 'Changes the tool list', () => {
      set.register(tool('test_added_tool', 'Added by test_trigger_tool_change', () => text('added')));
      features.toolsChanged();
      return text('The tool list changed.');
    }),
    tool('test_trigger_prompt_change', 'Changes the prompt list', () => {
      features.addPrompt(PROMPTS[0]);
      return text('The prompt list changed.');
    }),
    tool(
      'test_input_required_result_elicitation',
      'Asks for the user name, then greets',
      oneRound({ user_name: elicitation('What is your name?', 'name') }, (responses) =>
        text(`Hello, ${answered(responses.user_name, 'name')}!`),
      ),
    ),
    tool(
      'test_input_required_result_sampling',
      'Asks the client model a question',
      oneRound({ capital_question: sampling('What is the capital of France?', 100) }, (responses) => {
        const c = responses.capital_question?.content;
        return text(`The model said: ${c?.text ?? JSON.stringify(c)}`);
      }),
    ),
    tool(
      'test_input_required_result_list_roots',
      'Asks the client for its roots',
      oneRound({ client_roots: ROOTS }, (responses) => {
        const roots = responses.client_roots?.roots ?? [];
        return text(`Roots: ${roots.map((r) => r.uri).join(', ')}`);
      }),
    ),
    tool('test_input_required_result_request_state', 'Round-trips its state', (_args, context) => {
      const request = { confirm: elicitation('Please confirm', 'ok', 'boolean') };
      if (context.requestState === 'awaiting-confirm' && allAnswered(context.inputResponses, ['confirm'])) {
        return text(`state-ok: confirmed=${answered(context.inputResponses.confirm, 'ok')}`);
      }
      return inputRequired(request, 'awaiting-confirm');
    }),
    tool(
      'test_input_required_result_multiple_inputs',
      'Asks for a name, a sample and the roots at once',
      (_args, context) => {
        const requests = {
          user_name: elicitation('What is your name?', 'name'),
          greeting: sampling('Generate a greeting', 50),
          client_roots: ROOTS,
        };
        if (
          context.requestState === 'all-three' &&
          allAnswered(context.inputResponses, Object.keys(requests))
        ) {
          return text(`Hello, ${answered(context.inputResponses.user_name, 'name')}: all three answered`);
        }
        return inputRequired(requests, 'all-three');
      },
    ),
    tool('test_input_required_result_multi_round', 'Asks twice, then answers', (_args, context) => {
      const answers = context.inputResponses ?? {};
      if (context.requestState?.startsWith('round-2:') && answers.step2 !== undefined) {
        const name = context.requestState.slice('round-2:'.length);
        return text(`${name} likes ${answered(answers.step2, 'color')}`);
      }
      if (context.requestState === 'round-1' && answers.step1 !== undefined) {
        return inputRequired(
          { step2: elicitation('Step 2: What is your favorite color?', 'color') },
          `round-2:${answered(answers.step1, 'name')}`,
        );
      }
      return inputRequired({ step1: elicitation('Step 1: What is your name?', 'name') }, 'round-1');
    }),
    tool(
      'test_input_required_result_tampered_state',
      'Hands out a state the server seals; a changed one is refused',
      (_args, context) =>
        context.requestState === 'untampered' && allAnswered(context.inputResponses, ['confirm'])
          ? text('The state came back as it was given.')
          : inputRequired({ confirm: elicitation('Please confirm', 'ok', 'boolean') }, 'untampered'),
    ),
    tool(
      'test_input_required_result_capabilities',
      'Asks only through the capabilities the client declared',
      (_args, context) => {
        const declared = context.clientCapabilities ?? {};
        const wanted = {
          ...(declared.elicitation === undefined
            ? {}
            : { user_name: elicitation('What is your name?', 'name') }),
          ...(declared.sampling === undefined ? {} : { greeting: sampling('Generate a greeting', 50) }),
          ...(declared.roots === undefined ? {} : { client_roots: ROOTS }),
        };
        if (Object.keys(wanted).length === 0) return text('The client declared nothing to ask through.');
        return allAnswered(context.inputResponses, Object.keys(wanted))
          ? text('Every declared capability answered.')
          : inputRequired(wanted);
      },
    ),
  ];
}

const RESOURCES = [
  {
    uri: 'test://static-text',
    name: 'Static text resource',
    description: 'A static text resource for testing',
    mimeType: 'text/plain',
    read: (uri) => [
      { uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
    ],
  },
  {
    uri: 'test://static-binary',
    name: 'Static binary resource',
    description: 'A static binary resource (a PNG) for testing',
    mimeType: 'image/png',
    read: (uri) => [{ uri, mimeType: 'image/png', blob: PNG }],
  },
  {
    uri: 'test://watched-resource',
    name: 'Watched resource',
    description: 'A resource to subscribe to',
    mimeType: 'text/plain',
    read: (uri) => [{ uri, mimeType: 'text/plain', text: 'Watched resource content' }],
  },
];

const TEMPLATES = [
  {
    uriTemplate: 'test://template/{id}/data',
    name: 'Template resource',
    description: 'A resource template with an id',
    mimeType: 'application/json',
    read: (uri, { id }) => [
      {
        uri,
        mimeType: 'application/json',
        text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
      },
    ],
    complete: { id: (value) => ['1', '2', '3', '123'].filter((v) => v.startsWith(value)) },
  },
];

const user = (c) => ({ role: 'user', content: c });
const PROMPTS = [
  {
    name: 'test_simple_prompt',
    description: 'A simple prompt without arguments',
    get: () => ({ messages: [user(content.text('This is a simple prompt for testing.'))] }),
  },
  {
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two arguments',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
    get: ({ arg1, arg2 }) => ({
      messages: [user(content.text(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`))],
    }),
    complete: {
      arg1: (value) => ['paris', 'park', 'party'].filter((v) => v.startsWith(value)),
      arg2: (value) => ['world', 'wide'].filter((v) => v.startsWith(value)),
    },
  },
  {
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt embedding a resource',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
    get: ({ resourceUri }) => ({
      messages: [
        user(
          content.embedded({
            uri: resourceUri,
            mimeType: 'text/plain',
            text: 'Embedded resource content for testing.',
          }),
        ),
        user(content.text('Please process the embedded resource above.')),
      ],
    }),
  },
  {
    name: 'test_input_required_result_prompt',
    description: 'A prompt that asks the user for its context first (SEP-2322)',
    get: (_args, context) => {
      const given = context.inputResponses?.user_context;
      if (given === undefined) {
        return inputRequired({ user_context: elicitation('What context should the prompt use?', 'context') });
      }
      return { messages: [user(content.text(`Use this context: ${answered(given, 'context')}`))] };
    },
  },
  {
    name: 'test_prompt_with_image',
    description: 'A prompt with an image',
    get: () => ({
      messages: [
        user(content.image(PNG, 'image/png')),
        user(content.text('Please analyze the image above.')),
      ],
    }),
  },
];

/**
 * The tools of the tasks scenarios (SEP-2663). One that supports tasks starts
 * one for a client that declared the extension, and runs in the call for any
 * other; one that requires tasks is refused (-32021) to a client without it.
 */
function taskTools(tasks) {
  const tool = (name, description, properties, run, more = {}) => ({
    descriptor: { name, description, inputSchema: { type: 'object', properties } },
    run,
    ...more,
  });
  const compute = async ({ seconds = 0, label = '' }, signal) => {
    await sleep(Number(seconds) * 1000, signal);
    return text(`Computed ${label} in ${seconds} s`);
  };
  const confirmation = (filename) => ({
    confirm: elicitation(`Delete ${filename}?`, 'confirm', 'boolean'),
  });
  return [
    tool('greet', 'Greets at once (no task)', { name: { type: 'string' } }, (args) =>
      text(`Hello, ${args.name}!`),
    ),
    tool(
      'slow_compute',
      'Sleeps `seconds`, then answers; a task for a client that speaks tasks',
      { seconds: { type: 'number' }, label: { type: 'string' } },
      (args, context) =>
        speaksTasks(context.clientCapabilities)
          ? tasks.start((task) => compute(args, task.signal))
          : compute(args, context.signal),
    ),
    tool(
      'failing_job',
      'A task whose tool fails after a second',
      {},
      () =>
        tasks.start(async (task) => {
          await sleep(1000, task.signal);
          return text('The job failed, as it always does.', true);
        }),
      { requires: TASKS_CAPABILITY },
    ),
    tool(
      'protocol_error_job',
      'A task that breaks below the tool (a protocol error)',
      {},
      () =>
        tasks.start(async () => {
          throw new ProtocolError(-32603, 'Internal error: the job broke below the tool');
        }),
      { requires: TASKS_CAPABILITY },
    ),
    tool(
      'confirm_delete',
      'Asks the user to confirm, then "deletes" the file',
      { filename: { type: 'string' } },
      (args, context) => {
        const done = (answer) =>
          text(answered(answer, 'confirm') ? `Deleted ${args.filename}` : `Kept ${args.filename}`);
        if (speaksTasks(context.clientCapabilities)) {
          return tasks.start(async (task) => done((await task.ask(confirmation(args.filename))).confirm));
        }
        const given = context.inputResponses?.confirm;
        return given === undefined ? inputRequired(confirmation(args.filename)) : done(given);
      },
    ),
    tool(
      'multi_input',
      'Asks two questions at once; a task answers them one at a time',
      {},
      () =>
        tasks.start(async (task) => {
          const answers = await task.ask({
            name: elicitation('What is your name?', 'name'),
            confirm: elicitation('Confirm?', 'confirm', 'boolean'),
          });
          return text(`Got ${answered(answers.name, 'name')} and ${answered(answers.confirm, 'confirm')}`);
        }),
      { requires: TASKS_CAPABILITY },
    ),
    tool(
      'test_tool_with_task',
      'Asks the user name through an input-required round, then goes on as a task',
      {},
      (_args, context) => {
        const given = context.inputResponses?.user_name;
        if (given === undefined)
          return inputRequired({ user_name: elicitation('What is your name?', 'name') });
        const name = answered(given, 'name');
        return tasks.start(async () => text(`Hello, ${name}! (finished as a task)`));
      },
      { requires: TASKS_CAPABILITY },
    ),
  ];
}

/** One session's server: its own features (subscriptions, log level) and tools that reach its client. */
function serverFor(session) {
  const features = new Features({
    resources: RESOURCES,
    resourceTemplates: TEMPLATES,
    prompts: PROMPTS,
    toolsListChanged: true,
    extensions: { [TASKS]: {} },
    notify: (method, params, related) => session.peer.notify(method, params, related),
  });
  const client = { capabilities: undefined };
  return featureServer(
    'factline-conformance-server',
    '1.0.0',
    toolsFor(session, features, client),
    features,
    {
      methods: TASK_STORE.methods(),
      hooks: {
        screen: (request) => {
          if (request.method === 'initialize') client.capabilities = request.params?.capabilities ?? {};
          return TASK_STORE.screen(request);
        },
      },
    },
  );
}

const handle = await serveHttp(serverFor, { port: Number(process.env.PORT ?? 3000) });
process.stderr.write(`conformance server listening on ${handle.url}\n`);
const stop = () => void handle.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
