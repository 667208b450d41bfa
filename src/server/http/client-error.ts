// Requests Node's HTTP parser refuses before Fastify sees them (headers over Node's 16 KB, a
// malformed request line, a request that took too long to arrive) are answered on the raw
// socket, as Node and Fastify would answer them, but with the security headers every other
// answer carries, and then the connection is closed: what follows on it cannot be trusted to
// be a request. Passed to Fastify as `clientErrorHandler`.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

type ClientError = Error & { code?: string };

// Node's own choice of status for each parser error (lib/_http_server.js), in Fastify's words.
const ANSWERS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Exceeded maximum allowed HTTP header size' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'Chunk extensions too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Client Timeout' },
};
const BAD_REQUEST = { status: 400, message: 'Client Error' };

/** The raw answer to each parser error: the same bytes for the life of the server. */
function rawAnswer(status: number, message: string, headerLines: string) {
  const body = JSON.stringify({ error: STATUS_CODES[status], message, statusCode: status });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

export function clientErrorAnswer(headers: Record<string, string>) {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const answers = new Map(
    Object.entries(ANSWERS).map(([code, { status, message }]) => [
      code,
      rawAnswer(status, message, headerLines),
    ]),
  );
  const badRequest = rawAnswer(BAD_REQUEST.status, BAD_REQUEST.message, headerLines);
  const answerTo = (code = '') => answers.get(code) ?? badRequest;

  return function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket) {
    // A connection the client reset has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.trace({ err: error }, 'client error');
    // Not in the middle of an answer already being written on this connection (a pipelined
    // request's): its bytes would be corrupted. Node makes the same check.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) socket.write(answerTo(error.code));
    socket.destroy(error);
  };
}
