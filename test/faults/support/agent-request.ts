import { request, type Agent, type IncomingMessage } from 'node:http';

export type Answer = { status: number; body: unknown };

/** The body as JSON when it parses, else its text, which a failure message can still show. */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Collects a response: its status and its body. */
export const answerOf = (res: IncomingMessage) =>
  new Promise<Answer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () =>
      resolve({
        status: res.statusCode ?? 0,
        body: jsonOrText(Buffer.concat(chunks).toString('utf8')),
      }),
    );
  });

/**
 * One request over a per-server agent: a thousand sent at once would exhaust fetch's own pool,
 * so each test sizes its agents' sockets.
 */
export function agentRequest(
  url: string,
  {
    method,
    headers,
    agent,
    body,
  }: { method: string; headers: Record<string, string>; agent: Agent; body?: unknown },
) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        agent,
        timeout: 90_000,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
      },
      (res) => answerOf(res).then(resolve, reject),
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}
