import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/server/errors.ts';
import { RequestLog } from '../src/server/http/request-log.ts';

type Line = Record<string, unknown> & { msg: string; level: number; reqId?: string };

/** An app logging as `npm start` does (src/server/http/request-log.ts), into an array. */
async function loggingApp(level: 'info' | 'debug') {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    logController: new RequestLog(level === 'debug'),
  });
  registerErrorHandler(app);
  app.get('/api/tools', async () => ({ data: [] }));
  app.get('/api/broken', async () => {
    throw new Error('the handler failed');
  });
  // As the shop's own (src/server/http/web-app.ts): Fastify's default logs a line of its own.
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'not_found' }));
  await app.ready();
  return { app, lines };
}

describe('the request log', () => {
  it('writes one line per request, once it is answered: method, URL, status, time and request id', async () => {
    const { app, lines } = await loggingApp('info');
    await app.inject({ method: 'GET', url: '/api/tools?q=saw' });
    await app.inject({ method: 'GET', url: '/api/no-such-thing' });

    expect(lines.map((line) => line.msg)).toEqual(['request completed', 'request completed']);
    const [found, missing] = lines;
    expect(found).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/tools?q=saw',
      statusCode: 200,
      remoteAddress: '127.0.0.1',
    });
    expect(found?.responseTime).toEqual(expect.any(Number));
    expect(found?.reqId).toEqual(expect.any(String));
    expect(missing).toMatchObject({ url: '/api/no-such-thing', statusCode: 404 });
    expect(missing?.reqId).not.toBe(found?.reqId);
    await app.close();
  });

  it("keeps the error lines, under the failed request's id", async () => {
    const { app, lines } = await loggingApp('info');
    await app.inject({ method: 'GET', url: '/api/broken' });

    const error = lines.find((line) => line.level === 50);
    const request = lines.find((line) => line.msg === 'request completed');
    expect(error).toMatchObject({ msg: 'unhandled error', err: { message: 'the handler failed' } });
    expect(request).toMatchObject({ statusCode: 500 });
    expect(error?.reqId).toBe(request?.reqId);
    await app.close();
  });

  it('at debug, also says when each request arrives', async () => {
    const { app, lines } = await loggingApp('debug');
    await app.inject({ method: 'POST', url: '/api/tools' });

    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(requestLines[0]).toMatchObject({ level: 20, method: 'POST', url: '/api/tools' });
    await app.close();
  });
});
