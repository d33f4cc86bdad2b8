import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The in-process HTTP server of the local stand-ins (the channel providers' simulator, the BankID
 * simulator): on 127.0.0.1 and a free port, never keeping a CLI run or a test process alive.
 */

/** An answer: a string is sent as text (or `content-type` of `headers`), anything else as JSON. */
export class LocalAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export interface LocalHttpServer {
  url: string;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) request.destroy(new Error('för stor'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts the server; `handle` gets each request with its whole body as text. */
export async function startLocalHttpServer(
  handle: (request: IncomingMessage, body: string) => LocalAnswer | Promise<LocalAnswer>,
  maxBodyBytes: number,
): Promise<LocalHttpServer> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    readBody(request, maxBodyBytes)
      .then(
        async (text) => {
          const answer = await handle(request, text);
          const isText = typeof answer.body === 'string';
          response.writeHead(answer.status, { 'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json', ...answer.headers });
          response.end(isText ? answer.body : JSON.stringify(answer.body));
        },
        () => {
          response.writeHead(413, { 'content-type': 'text/plain' });
          response.end('Payload too large');
        },
      )
      .catch(() => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('Internal error');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
