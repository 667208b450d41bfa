import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
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
