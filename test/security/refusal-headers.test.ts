import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { securityHeaders } from '../../src/server/http/security.ts';
import { listenWhileStarting } from '../../src/server/http/starting-server.ts';
import { ORIGIN } from '../support/auth.ts';
import { makeTestApp, testConfig } from '../support/test-app.ts';

let app: App;
let port: number;

beforeAll(async () => {
  app = (await makeTestApp()).app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(() => app?.close());

type Answer = { status: number; headers: Record<string, unknown> };

function expectSecurityHeaders(answer: Answer, what: string) {
  const csp = String(answer.headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  expect(answer.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(answer.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(answer.headers['cross-origin-opener-policy'], what).toBe('same-origin');
}

type Sent = { method?: string; headers?: Record<string, string>; body?: string };

/**
 * A request sent as written, on a real connection: app.inject would resolve `/./` as a browser
 * does, while an attacker's client sends the path (and the Host) byte for byte.
 */
function send(path: string, { method = 'GET', headers = {}, body }: Sent = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function expectRefusedWithHeaders(status: number, path: string, sent: Sent = {}) {
  const what = `${sent.method ?? 'GET'} ${path} ${JSON.stringify(sent.headers ?? {})}`;
  const answer = await send(path, sent);
  expect(answer.status, what).toBe(status);
  expectSecurityHeaders(answer, what);
}

describe('refusals carry the security headers', () => {
  it('a path in another spelling (/./, //, %2e, an encoded letter) or a malformed %-escape is refused with them', async () => {
    for (const path of ['/api/./tools', '/api//tools', '/api/%2e/tools', '/api/%74ools', '//']) {
      await expectRefusedWithHeaders(400, path);
    }
    // Refused by Fastify's router itself, before any hook runs.
    await expectRefusedWithHeaders(400, '/api/tools/%zz');
    await expectRefusedWithHeaders(414, `/api/tools/${'a'.repeat(101)}`);
  });

  it('a bad Host, a body over the limit or of a type no route takes, and an unknown route are refused with them', async () => {
    await expectRefusedWithHeaders(400, '/api/tools', { headers: { host: 'bad host' } });
    await expectRefusedWithHeaders(413, '/api/contact', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(100_000) }),
    });
    await expectRefusedWithHeaders(415, '/api/contact', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'text/xml' },
      body: '<contact/>',
    });
    await expectRefusedWithHeaders(404, '/api/no-such-thing');
  });
});

/** What a raw connection received until the server closed it: status line and headers. */
function answerOn(socket: Socket): Promise<Answer> {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => {
      const [status = '', ...lines] = (received.split('\r\n\r\n')[0] ?? '').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(status.split(' ')[1]), headers });
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("requests Node's HTTP parser refuses", () => {
  /** Sends bytes on a new connection; answers what came back once the server closed it. */
  async function rawAnswer(bytes: string) {
    const socket = connect(port, '127.0.0.1');
    let body = '';
    socket.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    const answer = answerOn(socket);
    socket.write(bytes);
    const got = await answer;
    return { ...got, body: body.slice(body.indexOf('\r\n\r\n') + 4) };
  }

  it('headers over the limit get a 431 with them, and the connection is closed', async () => {
    const answer = await rawAnswer(
      `GET /api/tools HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expectSecurityHeaders(answer, '431');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 431 });
  });

  it('a malformed request line gets a 400 with them, and the connection is closed', async () => {
    for (const line of [
      'GET /api/tools HTTP/1.1 and more',
      'NOT A REQUEST',
      'GET /\x7f HTTP/1.1',
    ]) {
      const answer = await rawAnswer(`${line}\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      expect(answer.status, line).toBe(400);
      expectSecurityHeaders(answer, line);
      expect(answer.headers.connection, line).toBe('close');
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 400 });
    }
  });
});

describe('while the server closes', () => {
  it("Fastify's own 503 to a request that arrives then carries them, and the answer in flight closes its connection", async () => {
    const { app: closing } = await makeTestApp();
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const { port: closingPort } = closing.server.address() as AddressInfo;
    const host = `127.0.0.1:${closingPort}`;
    // One request whose body is still arriving, one whose headers are: both are under way when
    // closing starts, so neither connection is idle and closed outright.
    const inFlight = connect(closingPort, '127.0.0.1');
    inFlight.write(
      `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{`,
    );
    const arriving = connect(closingPort, '127.0.0.1');
    arriving.write(`GET /api/tools HTTP/1.1\r\nHost: ${host}\r\n`);
    const answers = [answerOn(inFlight), answerOn(arriving)] as const;
    await pause(200);

    const closed = closing.close();
    await pause(200);
    inFlight.write('}');
    arriving.write('\r\n');
    const [inFlightAnswer, arrivingAnswer] = await Promise.all(answers);
    await closed;

    expect(inFlightAnswer.status).toBe(400);
    expect(inFlightAnswer.headers.connection).toBe('close');
    expectSecurityHeaders(inFlightAnswer, 'in flight');
    expect(arrivingAnswer.status).toBe(503);
    expect(arrivingAnswer.headers.connection).toBe('close');
    expectSecurityHeaders(arrivingAnswer, 'arriving while closing');
  });
});

describe('while the server starts', () => {
  it('the 503 that holds the port until the app is ready carries them too', async () => {
    const config = testConfig();
    const starting = await listenWhileStarting({
      port: 0,
      host: '127.0.0.1',
      headers: securityHeaders(config),
    });
    try {
      const answer = await new Promise<Answer>((resolve, reject) => {
        httpRequest(
          { host: '127.0.0.1', port: starting.port, path: '/api/health/ready' },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
          },
        )
          .on('error', reject)
          .end();
      });
      expect(answer.status).toBe(503);
      expectSecurityHeaders(answer, 'starting');
    } finally {
      await starting.close();
    }
  });
});
