/**
 * The session over time, against the real process: handshake, ids in
 * flight, cancellation, progress, the end, and the opt-in ASP profile.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { LIFECYCLE_CODES } from '../../../generated/index.ts';
import { answerTo, HANDSHAKE_ID, type LiveSession, liveSession, rawRun, req } from '../../support/mcp.ts';

const call = (
  id: unknown,
  name: string,
  args: Record<string, unknown> = {},
  meta?: Record<string, unknown>,
) => req(id, 'tools/call', meta ? { name, arguments: args, _meta: meta } : { name, arguments: args });
const cancel = (requestId: unknown) =>
  JSON.stringify({
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId, reason: 'user' },
  });
const lifecycle = { args: ['--import', 'tsx', 'test/fixtures/lifecycle-server.ts'] };

const sessions: LiveSession[] = [];
const open = (options: Parameters<typeof liveSession>[0] = {}) => {
  const s = liveSession(options);
  sessions.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.end()));
});

/** True while `pid` runs (a zombie waiting to be reaped counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The live processes carrying TREE_MARK=`mark` in their environment, wherever they were reparented. */
function marked(mark: string): number[] {
  const needle = `TREE_MARK=${mark}\0`;
  return readdirSync('/proc')
    .map(Number)
    .filter((pid) => {
      if (!Number.isInteger(pid)) return false;
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(needle) && alive(pid);
      } catch {
        return false;
      }
    });
}

describe('the handshake', () => {
  // @verifies mcp-lifecycle#REQUESTS-BEFORE-INITIALIZE-ARE-REFUSED
  it('refuses requests before initialize, except ping, and serves them once the session is open', async () => {
    const run = await rawRun(
      [
        call(1, 'echo', { text: 'early' }),
        req(2, 'tools/list'),
        req(3, 'ping'),
        req(4, 'initialize', {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 't', version: '0' },
        }),
        call(5, 'echo', { text: 'late' }),
        '',
      ].join('\n'),
      { ...lifecycle, handshake: false },
    );
    expect(run.frames.map((f) => f.id)).toEqual([1, 2, 3, 4, 5]);
    expect(run.frames[0]).toMatchObject({ error: { code: -32002 } });
    expect((run.frames[0] as { error: { message: string } }).error.message).toContain('initialize');
    expect(run.frames[1]).toMatchObject({ error: { code: -32002 } });
    expect(run.frames[2]).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    expect(run.frames[3]).toHaveProperty('result.serverInfo.name', 'lifecycle-fixture');
    expect(run.frames[4]).toHaveProperty('result.content.0.text', 'late');
  });

  // @verifies mcp-lifecycle#SECOND-INITIALIZE-IS-REFUSED
  it('refuses a second initialize and keeps the first session', async () => {
    const run = await rawRun(
      `${req(2, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } })}\n${call(3, 'echo', { text: 'still open' })}\n`,
      lifecycle,
    );
    expect(run.frames[0]).toMatchObject({ id: 2, error: { code: -32600 } });
    expect(run.frames[1]).toHaveProperty('result.content.0.text', 'still open');
  });
});

describe('output written late', () => {
  // @verifies mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT
  it('what a child writes after its run returned reaches stderr with the next capture, not lost', async () => {
    const s = open();
    await s.next(answerTo(HANDSHAKE_ID));
    s.send(call(1, 'linger'));
    await s.next(answerTo(1));
    // The child writes into the capture file after the run is over and before the next one empties it.
    await new Promise((r) => setTimeout(r, 700));
    s.send(call(2, 'echo', { text: 'next' }));
    await s.next(answerTo(2));
    const { stderr } = await s.end();
    expect(stderr).toContain('late-from-child');
    expect(s.frames.some((f) => JSON.stringify(f).includes('late-from-child'))).toBe(false);
  });
});

describe('slow set-up', () => {
  // @verifies mcp-lifecycle#SLOW-SET-UP-WAITS-BEHIND-THE-HANDSHAKE
  // @verifies mcp-host#CONTROL-IS-NEVER-QUEUED-BEHIND-A-TOOL
  it('tools/list and tools/call wait for prepare; initialize and ping do not', async () => {
    const run = await rawRun(`${req(1, 'tools/list')}\n${req(2, 'ping')}\n${call(3, 'late')}\n`, {
      ...lifecycle,
      env: { SERVER_PREPARE: 'late' },
    });
    // The ping is answered while the set-up still runs; the tools requests once it is done.
    expect(run.frames.map((f) => f.id)).toEqual([2, 1, 3]);
    run.frames.sort((a, b) => Number(a.id) - Number(b.id));
    expect(
      (run.frames[0] as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name),
    ).toContain('late');
    expect(run.frames[2]).toHaveProperty('result.content.0.text', 'late');
  });

  // @verifies mcp-lifecycle#SLOW-SET-UP-WAITS-BEHIND-THE-HANDSHAKE
  it('a failed set-up answers the tools requests with the internal error naming why', async () => {
    const run = await rawRun(`${req(1, 'tools/list')}\n${req(2, 'ping')}\n`, {
      ...lifecycle,
      env: { SERVER_PREPARE: 'fail' },
    });
    run.frames.sort((a, b) => Number(a.id) - Number(b.id));
    expect(run.frames[0]).toMatchObject({ id: 1, error: { code: -32603 } });
    expect((run.frames[0] as { error: { message: string } }).error.message).toContain(
      'the tools are not there',
    );
    expect(run.frames[1]).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(run.code).toBe(0);
  });
});

describe('requests in flight', () => {
  // @verifies mcp-lifecycle#REUSED-IN-FLIGHT-ID-IS-REFUSED
  // @verifies mcp-lifecycle#INPUT-IS-READ-WHILE-A-TOOL-RUNS
  // @verifies mcp-host#ANSWERS-IN-COMPLETION-ORDER-EACH-ID-ONCE
  it('refuses a duplicate in-flight id at once while the first call still answers', async () => {
    const s = open({ env: { SERVER_CONCURRENCY: '1' } });
    await s.next(answerTo(HANDSHAKE_ID));
    s.send(call(7, 'sleep', { ms: 800 }));
    s.send(req(7, 'ping'));
    // A call waiting for the one slot is in flight too.
    s.send(call(8, 'echo', { text: 'waited' }));
    s.send(req(8, 'ping'));
    s.send(req(9, 'ping'));
    const refusal = await s.next((f) => f.id === 7 && 'error' in f, 700);
    expect(refusal).toMatchObject({ error: { code: LIFECYCLE_CODES.idInFlight } });
    await s.next((f) => f.id === 8 && 'error' in f, 700);
    // A quick request is answered at once, before the sleep is over.
    await s.next(answerTo(9), 700);
    const first = await s.next((f) => f.id === 7 && 'result' in f);
    expect(first).toHaveProperty('result.content.0.text', 'slept 800 ms');
    expect(await s.next((f) => f.id === 8 && 'result' in f)).toHaveProperty(
      'result.content.0.text',
      'waited',
    );
    // Answers come as work completes, each id answered once.
    const order = s.frames.filter((f) => 'result' in f && f.id !== HANDSHAKE_ID).map((f) => f.id);
    expect(order).toEqual([9, 7, 8]);
    // Its answer out, the id is free again.
    s.send(req(7, 'ping'));
    expect(await s.next((f) => f.id === 7 && 'result' in f && !('content' in (f.result as object)))).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: {},
    });
  });

  // @verifies mcp-lifecycle#CANCELLED-ABORTS-THE-RUN
  // @verifies mcp-lifecycle#RUN-CONTEXT-CARRIES-SIGNAL-AND-PROGRESS
  // A timing bound on a 2-core machine shared with the rest of the suite: retried, never loosened.
  it('a cancelled call frees the loop within a second and gets no answer', { retry: 2 }, async () => {
    // One slot: the second call waits for it, so its cancel drops it unrun.
    const s = open({ env: { SERVER_CONCURRENCY: '1' } });
    await s.next(answerTo(HANDSHAKE_ID));
    s.send(call(1, 'sleep', { ms: 30_000 }));
    s.send(call(2, 'sleep', { ms: 30_000 }));
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    // A queued call is dropped without running. Cancelled first: were 1 cancelled first, its slot
    // could free and start 2 before the second cancel is read (separate writes, a loaded machine).
    s.send(cancel(2));
    s.send(cancel(1));
    s.send(req(3, 'ping'));
    await s.next(answerTo(3), 5000);
    expect(Date.now() - started).toBeLessThan(1000);
    const { code, stderr } = await s.end();
    expect(code).toBe(0);
    expect(stderr).toContain('sleep aborted: user');
    expect(stderr.match(/sleep aborted/g)).toHaveLength(1);
    expect(s.frames.filter((f) => f.id === 1 || f.id === 2)).toEqual([]);
  });

  // @verifies mcp-lifecycle#CANCEL-KILLS-THE-RUNS-PROCESS-TREE
  it('cancelling a call kills the child and grandchild its run started', async () => {
    const s = open();
    await s.next(answerTo(HANDSHAKE_ID));
    s.send(call(1, 'tree', {}, { progressToken: 'tree' }));
    const note = await s.next((f) => f.method === 'notifications/progress');
    const pids = String((note.params as { message: string }).message)
      .replace('pids ', '')
      .split(' ')
      .map(Number);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(alive(pid)).toBe(true);
    s.send(cancel(1));
    s.send(req(2, 'ping'));
    await s.next(answerTo(2));
    const deadline = Date.now() + 2000;
    while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(pids.filter(alive)).toEqual([]);
    expect(s.frames.some((f) => f.id === 1)).toBe(false);
  });

  // @verifies mcp-lifecycle#CANCEL-KILLS-ONLY-ITS-OWN-RUNS-PROCESSES
  it('cancelling one call leaves the processes of a call started after it running', async () => {
    const s = open();
    await s.next(answerTo(HANDSHAKE_ID));
    const pidsOf = async (token: string) => {
      const note = await s.next(
        (f) =>
          f.method === 'notifications/progress' &&
          (f.params as { progressToken: string }).progressToken === token,
      );
      return String((note.params as { message: string }).message)
        .replace('pids ', '')
        .split(' ')
        .map(Number);
    };
    s.send(call(1, 'tree', {}, { progressToken: 'first' }));
    const first = await pidsOf('first');
    // The second call's processes start after the first call's run began: a kill by start time would take them too.
    s.send(call(2, 'tree', {}, { progressToken: 'second' }));
    const second = await pidsOf('second');
    s.send(cancel(1));
    s.send(req(3, 'ping'));
    await s.next(answerTo(3));
    const deadline = Date.now() + 2000;
    while (first.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(first.filter(alive)).toEqual([]);
    expect(second.filter(alive)).toEqual(second);
    s.send(cancel(2));
    s.send(req(4, 'ping'));
    await s.next(answerTo(4));
    const end = Date.now() + 2000;
    while (second.some(alive) && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    expect(second.filter(alive)).toEqual([]);
  });

  // @verifies mcp-lifecycle#CANCEL-STOPS-THE-TREE-BEFORE-KILLING-IT
  it('cancelling a call whose run keeps forking leaves no process of it behind', async () => {
    const mark = `forks-${process.pid}-${Date.now()}`;
    const s = open();
    try {
      await s.next(answerTo(HANDSHAKE_ID));
      s.send(call(1, 'forks', { mark }, { progressToken: 'forks' }));
      await s.next((f) => f.method === 'notifications/progress');
      // The shell is forking sleepers as fast as it can while the cancel arrives.
      s.send(cancel(1));
      s.send(req(2, 'ping'));
      await s.next(answerTo(2));
      const deadline = Date.now() + 2000;
      while (marked(mark).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(marked(mark)).toEqual([]);
    } finally {
      // A survivor would hold the server's pipe open for a minute: never leave one to the next test.
      for (const pid of marked(mark)) process.kill(pid, 'SIGKILL');
    }
  });

  // @verifies mcp-lifecycle#PROGRESS-ONLY-FOR-A-PROGRESS-TOKEN
  it('sends notifications/progress only for a call that sent a progressToken', async () => {
    const run = await rawRun(
      `${call(1, 'steps', {}, { progressToken: 'p1' })}\n${call(2, 'steps')}\n`,
      lifecycle,
    );
    const notes = run.frames.filter((f) => f.method === 'notifications/progress');
    expect(notes.map((n) => n.params)).toEqual([
      { progressToken: 'p1', progress: 1, total: 3, message: 'step 1' },
      { progressToken: 'p1', progress: 2, total: 3, message: 'step 2' },
      { progressToken: 'p1', progress: 3, total: 3, message: 'step 3' },
    ]);
    expect(run.frames.filter((f) => 'result' in f).map((f) => f.id)).toEqual([1, 2]);
    // Every progress note comes before the answer of its call.
    expect(run.frames.findIndex((f) => f.id === 1)).toBeGreaterThan(run.frames.indexOf(notes[2] as never));
  });
});

describe('the end', () => {
  // @verifies mcp-lifecycle#END-OF-INPUT-EXITS-ZERO-AFTER-FLUSHING
  it('at end of input, finishes and answers what it already read, then exits 0', async () => {
    const run = await rawRun(
      `${call(1, 'sleep', { ms: 300 })}\n${req(2, 'ping')}\n${call(3, 'big', { mib: 2 })}\n`,
      lifecycle,
    );
    expect(run.code).toBe(0);
    // In the order the work completed: the ping at once, the big answer, then the sleep.
    expect(run.frames.map((f) => f.id)).toEqual([2, 3, 1]);
    expect(
      (run.frames[1] as { result: { content: { text: string }[] } }).result.content[0]?.text,
    ).toHaveLength(2 << 20);
  });

  // @verifies mcp-lifecycle#ASP-PROFILE-IS-OPT-IN
  it('the ASP profile: $/cancelRequest answers -32016 with failClass, shutdown stops work, exit ends the process', async () => {
    const s = open({ env: { SERVER_PROFILE: 'asp' } });
    await s.next(answerTo(HANDSHAKE_ID));
    s.send(call(1, 'sleep', { ms: 30_000 }));
    s.send(JSON.stringify({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 1 } }));
    const cancelled = await s.next(answerTo(1), 2000);
    expect(cancelled).toMatchObject({
      error: { code: LIFECYCLE_CODES.aspCancelled, data: { failClass: 'health', retryable: true } },
    });
    s.send(req(2, 'shutdown'));
    expect(await s.next(answerTo(2))).toEqual({ jsonrpc: '2.0', id: 2, result: null });
    s.send(call(3, 'echo', { text: 'after shutdown' }));
    expect(await s.next(answerTo(3))).toMatchObject({ error: { code: -32600 } });
    s.send(JSON.stringify({ jsonrpc: '2.0', method: 'exit' }));
    // stdin stays open: the exit notification alone ends the process.
    const { code } = await s.exited();
    expect(code).toBe(0);
  });

  // @verifies mcp-lifecycle#ASP-PROFILE-IS-OPT-IN
  it('without the ASP profile, shutdown is an unknown method', async () => {
    const run = await rawRun(`${req(1, 'shutdown')}\n${req(2, 'ping')}\n`, lifecycle);
    expect(run.frames[0]).toMatchObject({ id: 1, error: { code: -32601 } });
    expect(run.frames[1]).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });
});
