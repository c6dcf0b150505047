// What every server of the twin (and the tests' AWS stubs) needs from HTTP and node:http lacks:
// a request's whole body (or no more of it than a limit), a JSON answer, and listening on a port
// (127.0.0.1 unless told otherwise) with a close() that really closes.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo, Server, Socket } from 'node:net';

/** An HTTP/1 `IncomingMessage` or an HTTP/2 `Http2ServerRequest`: both are async-iterable streams. */
type RequestStream = AsyncIterable<Uint8Array | string>;

/**
 * The whole request body; with `limitBytes`, null when the body is longer (the rest is still
 * read, and dropped, so that the caller can answer on the same connection).
 */
export function readBody(request: RequestStream): Promise<Buffer>;
export function readBody(request: RequestStream, limitBytes: number): Promise<Buffer | null>;
export async function readBody(request: RequestStream, limitBytes = Number.POSITIVE_INFINITY): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += bytes.length;
    if (size <= limitBytes) chunks.push(bytes);
  }
  return size > limitBytes ? null : Buffer.concat(chunks);
}

/**
 * The whole body, or null once it is longer than `limitBytes` — declared so in Content-Length, or
 * found so while reading. Reading then stops, nothing more is kept, and the rest stays unread: the
 * caller answers and closes the connection (`sendAndClose`), as a proxy does with a body too large.
 */
export function readBodyWithin(request: IncomingMessage, limitBytes: number): Promise<Buffer | null> {
  if (Number(request.headers['content-length']) > limitBytes) return Promise.resolve(null);
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) {
        chunks.push(chunk);
        return;
      }
      detach();
      request.pause();
      // The client may reset the connection it is still sending on once it is answered and closed.
      request.on('error', () => undefined);
      resolveBody(null);
    };
    const onEnd = () => {
      detach();
      resolveBody(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      detach();
      reject(error);
    };
    const detach = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onError);
  });
}

/** Answers, then closes the connection: a request body left unread is never read. */
export function sendAndClose(
  response: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: string,
): void {
  response.shouldKeepAlive = false;
  response.writeHead(status, { ...headers, connection: 'close' });
  response.end(body, () => response.socket?.destroy());
}

/** The same as UTF-8 text. */
export function readText(request: RequestStream): Promise<string>;
export function readText(request: RequestStream, limitBytes: number): Promise<string | null>;
export async function readText(request: RequestStream, limitBytes = Number.POSITIVE_INFINITY): Promise<string | null> {
  return (await readBody(request, limitBytes))?.toString('utf8') ?? null;
}

/** An HTTP/1 `ServerResponse` or an HTTP/2 `Http2ServerResponse`. */
interface Response {
  writeHead(status: number, headers: OutgoingHttpHeaders): unknown;
  end(body: string): unknown;
}

/** Answers `body` as JSON; `headers` add to (or replace) the content type. */
export function sendJson(response: Response, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export interface Listening {
  /** The port bound (a free one when asked for port 0). */
  port: number;
  /** Stops listening and ends every open connection, keep-alive and HTTP/2 sessions included. */
  close(): Promise<void>;
}

/** Listens on `host` (127.0.0.1) and `port` (0, a free port); an HTTP, HTTP/2 or plain TCP server. */
export async function listen(server: Server, { host = '127.0.0.1', port = 0 } = {}): Promise<Listening> {
  // http.Server's closeAllConnections() has no HTTP/2 counterpart: the sockets are tracked instead.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  let closing: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      closing ??= new Promise<void>((resolveClose, reject) => {
        server.close((error) => (error ? reject(error) : resolveClose()));
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
