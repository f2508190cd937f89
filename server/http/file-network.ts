import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How the demo store shapes its file responses (purchased files and previews), so tests and the
 * bench see downloads as the internet serves them: a delay before each response, a rate per
 * connection, and a connection cut once mid-file. All off by default; a real store has none.
 */
export interface FileNetworkOptions {
  /** Milliseconds before each file response's headers (`--files-latency-ms`). */
  latencyMs?: number;
  /** Kilobits per second (1000 bits) for each file response's body (`--files-kbps`). */
  kbps?: number;
  /**
   * Armed at start (`--files-cut-after-bytes`): the first purchased-file response whose body would
   * pass this many bytes sends exactly that many and has its connection closed; later ones are not
   * cut until `armCut` is called again (SIGUSR2 does for `npm run store`).
   */
  cutAfterBytes?: number;
}

// Bodies go out in slices of at most this size, so a slow rate is smooth rather than bursty.
const sliceBytes = 16 * 1024;

/** The shaping in force, and the one-shot cut's state. */
export class FileNetwork {
  private cutAt: number | undefined;
  /** How many responses were cut, for tests. */
  cuts = 0;

  readonly options: FileNetworkOptions;

  constructor(options: FileNetworkOptions = {}) {
    this.options = options;
    this.cutAt = options.cutAfterBytes;
  }

  /** Arms the one-shot cut again: the next purchased-file response passing `bytes` is cut. */
  armCut(bytes = this.options.cutAfterBytes): void {
    if (bytes === undefined || !Number.isSafeInteger(bytes) || bytes < 0) {
      throw new Error('armCut needs a number of bytes (or --files-cut-after-bytes at start).');
    }
    this.cutAt = bytes;
  }

  /** Whether any shaping applies: unshaped bodies are sent as they come, with no copying. */
  get active(): boolean {
    const { latencyMs = 0, kbps = 0 } = this.options;
    return latencyMs > 0 || kbps > 0 || this.cutAt !== undefined;
  }

  /** Waits the configured latency: called before a file response's headers are sent. */
  async delay(): Promise<void> {
    if (this.options.latencyMs) await sleep(this.options.latencyMs);
  }

  /** The body as the shaped network delivers it to `response`; `cuttable` for purchased files only. */
  shape(body: Readable, response: ServerResponse, cuttable: boolean): Readable {
    const { kbps = 0 } = this.options;
    if (kbps <= 0 && (!cuttable || this.cutAt === undefined)) return body;
    // kbps are kilobits per second: kbps / 8 bytes per millisecond.
    const shaped: Readable = Readable.from(
      this.slices(body, () => cut(shaped, response), cuttable, kbps / 8),
      {
        objectMode: false,
      },
    );
    return shaped;
  }

  private async *slices(
    body: Readable,
    cutNow: () => Promise<void>,
    cuttable: boolean,
    bytesPerMs: number,
  ): AsyncGenerator<Uint8Array> {
    const started = performance.now();
    let sent = 0;
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      for (let offset = 0; offset < chunk.length; ) {
        let slice = chunk.subarray(offset, offset + sliceBytes);
        const cutAt = cuttable ? this.cutAt : undefined;
        const cutting = cutAt !== undefined && sent + slice.length > cutAt;
        if (cutting) slice = slice.subarray(0, cutAt - sent);
        if (bytesPerMs > 0) {
          const due = started + (sent + slice.length) / bytesPerMs;
          const wait = due - performance.now();
          if (wait > 1) await sleep(wait);
        }
        if (cutting) {
          this.cutAt = undefined;
          this.cuts++;
          yield slice;
          await cutNow();
          body.destroy();
          return;
        }
        yield slice;
        sent += slice.length;
        offset += slice.length;
      }
    }
  }
}

/**
 * Closes the connection once every byte up to the cut has left the process, so the client receives
 * exactly those bytes and then the connection's end: first the shaped stream hands its last slices
 * to the response (it may be paused by a slow client), then an empty write on the socket calls back
 * after the writes queued before it.
 */
async function cut(shaped: Readable, response: ServerResponse): Promise<void> {
  const socket = response.socket;
  while (shaped.readableLength > 0 && socket && !socket.destroyed) await sleep(2);
  await new Promise<void>((resolve) => {
    if (!socket || socket.destroyed) resolve();
    else socket.write('', () => resolve());
  });
  socket?.destroy();
}
