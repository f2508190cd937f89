import { get, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
  /** Whether the body ended normally, rather than with its connection cut. */
  complete: boolean;
  /** Milliseconds from the request to the headers, and to the body's end. */
  headersMs: number;
  endMs: number;
}

/**
 * A GET over node:http that reports a cut connection instead of throwing (fetch only says
 * "terminated"), with the bytes that arrived before it and when the headers and the end came.
 */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = get(url, { headers, agent: false }, (response) => {
      const headersMs = performance.now() - started;
      const chunks: Buffer[] = [];
      let complete = false;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        complete = response.complete;
      });
      response.on('error', () => {});
      response.on('close', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          bytes: Buffer.concat(chunks),
          complete: complete && response.complete,
          headersMs,
          endMs: performance.now() - started,
        }),
      );
    });
    request.on('error', reject);
  });
}
