/**
 * An LSP connection over two streams that ends by resolving a promise with
 * the exit code, never by ending the process: `exit` after `shutdown` is 0,
 * `exit` without it, the input closing, or the client's process dying is 1
 * (LSP's rule). The CLI returns that code; tests run the server in process.
 */
import { type Connection, createConnection, type WatchDog } from 'vscode-languageserver';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver/node';

/** How often the client's process is looked for, when the client names it. */
const PARENT_POLL_MS = 3_000;

export interface EndingConnection {
  connection: Connection;
  /** Resolves with the exit code once the client has gone. */
  ended: Promise<number>;
}

// @implements lsp#STDIO-SERVER
export function connectStreams(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): EndingConnection {
  let shutdownReceived = false;
  let parentPoll: NodeJS.Timeout | undefined;
  let finish: (code: number) => void = () => undefined;
  const ended = new Promise<number>((resolve) => {
    finish = (code) => {
      if (parentPoll) clearInterval(parentPoll);
      resolve(code);
    };
  });
  const watchDog: WatchDog = {
    get shutdownReceived() {
      return shutdownReceived;
    },
    set shutdownReceived(value: boolean) {
      shutdownReceived = value;
    },
    initialize(params) {
      const parent = params.processId;
      if (typeof parent !== 'number') return;
      parentPoll = setInterval(() => {
        try {
          process.kill(parent, 0);
        } catch {
          finish(1);
        }
      }, PARENT_POLL_MS);
      parentPoll.unref();
    },
    exit: (code) => finish(code),
  };
  const onInputEnd = () => finish(shutdownReceived ? 0 : 1);
  input.on('end', onInputEnd);
  input.on('close', onInputEnd);
  const connection = createConnection(
    (logger) =>
      createProtocolConnection(new StreamMessageReader(input), new StreamMessageWriter(output), logger),
    watchDog,
  );
  return { connection, ended };
}
