import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';

// What the API reads of the visitor's request: who they are (the session cookie), where the
// request comes from (the Origin check, Better Auth's trusted origins), and the address the
// rate limits count.
const FORWARDED = ['cookie', 'origin', 'referer', 'user-agent', 'host', 'accept-language'] as const;

/**
 * The web app's calls while the server draws a page or runs a form's action: answered by the
 * app's own routes in-process (app.inject), as the visitor, so every request is parsed, guarded,
 * checked and answered by the one code that answers the browser. No socket, no second parser.
 * The cookies the routes set (a sign-in's session) are collected for the page's answer.
 */
export function inProcess(app: FastifyInstance, request: FastifyRequest) {
  const setCookies: string[] = [];
  const send = async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url,
      headers,
      payload: await payloadOf(init.body, headers),
      remoteAddress: request.ip,
    });
    const cookies = answer.headers['set-cookie'];
    if (cookies) setCookies.push(...[cookies].flat());
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
  return { send, setCookies };
}

/**
 * The body as inject sends it. A form with a file (an upload posted to a page without script)
 * is written out as the browser would write it, with its multipart type and boundary.
 */
async function payloadOf(body: RequestInit['body'], headers: Record<string, string>) {
  if (typeof body === 'string') return body;
  if (!(body instanceof FormData)) return undefined;
  const written = new Response(body);
  headers['content-type'] = written.headers.get('content-type') ?? '';
  return Buffer.from(await written.arrayBuffer());
}
