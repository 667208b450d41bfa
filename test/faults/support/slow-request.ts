import http from 'node:http';
import { answerOf, type Answer } from './agent-request.ts';

export type SlowRequest = {
  /** Sends the rest of the body and resolves with the answer. */
  finish: () => Promise<Answer>;
};

/**
 * A request whose headers and first half of the body are on the wire, the rest held back until
 * `finish`: the server has begun it, and cannot answer it yet. It uses its own connection.
 */
export function startSlowRequest(
  baseUrl: string,
  path: string,
  { cookie, body }: { cookie: string; body: unknown },
): SlowRequest {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  const req = http.request(`${baseUrl}${path}`, {
    method: 'POST',
    agent: false,
    headers: {
      origin: baseUrl,
      cookie,
      'content-type': 'application/json',
      'content-length': String(payload.length),
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => answerOf(res).then(resolve, reject));
  });
  // Surfaces through finish(); until then an early failure must not go unhandled.
  answer.catch(() => {});
  req.flushHeaders();
  req.write(payload.subarray(0, half));
  return {
    finish: () => {
      req.end(payload.subarray(half));
      return answer;
    },
  };
}

/** Whether a new TCP connection to the server is accepted at all. */
export function acceptsConnections(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const req = http.get({ hostname, port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
  });
}
