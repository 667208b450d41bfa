import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchPublic,
  isPublicAddress,
  OutboundFetchError,
} from '../src/server/lib/outbound-fetch.ts';

// The fetch an import's image_url and a webhook's delivery go through: it never reaches the
// shop's own network unless a test allows it, and it is bounded in time and size.

let server: http.Server;
let base: string;
const seen: { host?: string; method?: string; body?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ host: req.headers.host, method: req.method, body });
      const path = req.url ?? '/';
      if (path === '/image') res.end(Buffer.alloc(1000, 7));
      else if (path === '/big') res.end(Buffer.alloc(3000, 7));
      else if (path === '/big-chunked') {
        res.write(Buffer.alloc(2000, 7));
        res.end(Buffer.alloc(2000, 7));
      } else if (path === '/slow') setTimeout(() => res.end('late'), 2000);
      else if (path.startsWith('/redirect/')) {
        const n = Number(path.split('/')[2]);
        res.writeHead(302, { location: n > 0 ? `/redirect/${n - 1}` : '/image' }).end();
      } else if (path === '/fail') res.writeHead(500).end('no');
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function failure(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundFetchError);
  return err as OutboundFetchError;
}

describe('A public address', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('is %s', (ip) => expect(isPublicAddress(ip)).toBe(true));

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback elsewhere in 127/8', '127.1.2.3'],
    ['loopback IPv6', '::1'],
    ['private 10/8', '10.0.0.1'],
    ['private 172.16/12', '172.16.5.4'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local', '169.254.1.1'],
    ['the metadata service', '169.254.169.254'],
    ['CGNAT', '100.64.0.1'],
    ['unique-local IPv6', 'fd12:3456::1'],
    ['link-local IPv6', 'fe80::1'],
    ['unspecified', '0.0.0.0'],
    ['unspecified IPv6', '::'],
    ['multicast', '224.0.0.1'],
    ['multicast IPv6', 'ff02::1'],
    ['broadcast', '255.255.255.255'],
    ['documentation', '192.0.2.10'],
    ['loopback mapped into IPv6', '::ffff:127.0.0.1'],
    ['metadata mapped into IPv6', '::ffff:169.254.169.254'],
    ['private through NAT64', '64:ff9b::a00:1'],
    ['6to4', '2002:7f00:1::1'],
    ['not an address', 'example.com'],
  ])('is not %s (%s)', (_what, ip) => expect(isPublicAddress(ip)).toBe(false));
});

describe('Fetching an outside URL', () => {
  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://[::ffff:127.0.0.1]/',
  ])('refuses %s, a private or local address', async (url) => {
    const err = await failure(fetchPublic(url));
    expect(err.reason).toBe('private-address');
    expect(err.message).toMatch(/is a private or local address/);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/a.jpg',
    'gopher://example.com/',
    'not a url',
    'http://user:pw@example.com/',
  ])('refuses %s, which is not plain http(s)', async (url) =>
    expect((await failure(fetchPublic(url))).reason).toBe('bad-url'),
  );

  it('refuses a host with any private address among its answers', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '10.1.2.3', family: 4 as const },
    ];
    const err = await failure(fetchPublic('http://mixed.example/', { resolve }));
    expect(err.message).toBe(
      'The host mixed.example is a private or local address (10.1.2.3), which is not fetched',
    );
  });

  it('refuses the local test server unless private addresses are allowed', async () => {
    expect((await failure(fetchPublic(`${base}/image`))).reason).toBe('private-address');
    const res = await fetchPublic(`${base}/image`, { allowPrivate: true });
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBe(1000);
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    let asked = 0;
    const port = (server.address() as AddressInfo).port;
    const resolve = async () => {
      asked++;
      return [{ address: '127.0.0.1', family: 4 as const }];
    };
    const res = await fetchPublic(`http://pinned.invalid:${port}/image`, {
      allowPrivate: true,
      resolve,
    });
    expect(res.status).toBe(200);
    expect(asked).toBe(1);
    expect(seen.at(-1)?.host).toBe(`pinned.invalid:${port}`);
  });

  it('stops at maxBytes, declared or streamed', async () => {
    const opts = { allowPrivate: true, maxBytes: 1500 };
    expect((await failure(fetchPublic(`${base}/big`, opts))).reason).toBe('too-large');
    expect((await failure(fetchPublic(`${base}/big-chunked`, opts))).reason).toBe('too-large');
  });

  it('gives up after timeoutMs', async () => {
    const err = await failure(fetchPublic(`${base}/slow`, { allowPrivate: true, timeoutMs: 200 }));
    expect(err.reason).toBe('timeout');
  });

  it('follows a few redirects, checking each, and no more', async () => {
    const res = await fetchPublic(`${base}/redirect/2`, { allowPrivate: true });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${base}/image`);
    const err = await failure(fetchPublic(`${base}/redirect/5`, { allowPrivate: true }));
    expect(err.reason).toBe('too-many-redirects');
    const none = await fetchPublic(`${base}/redirect/0`, { allowPrivate: true, maxRedirects: 0 });
    expect(none.status).toBe(302);
  });

  it('answers any status as it is, and posts a body', async () => {
    const res = await fetchPublic(`${base}/fail`, {
      allowPrivate: true,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"evt_1"}',
    });
    expect(res.status).toBe(500);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"id":"evt_1"}' });
  });

  it('says when a host cannot be found', async () => {
    const resolve = async () => {
      throw new Error('ENOTFOUND');
    };
    const err = await failure(fetchPublic('http://nowhere.invalid/', { resolve }));
    expect(err).toMatchObject({
      reason: 'dns',
      message: 'The host nowhere.invalid could not be found',
    });
  });
});
