import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetching what a stranger's URL names (an import's `image_url`, a webhook's endpoint) without
 * letting the URL reach the shop's own network (SSRF): http(s) only, every address its host
 * resolves to must be public, the connection goes to the address that was checked (so DNS
 * cannot answer differently between the check and the connect), every redirect is checked the
 * same way, and time and size are bounded.
 */

export type OutboundFailure =
  | 'bad-url'
  | 'private-address'
  | 'dns'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'network';

/** Why a fetch was refused or failed; `message` is fit for an import's line error. */
export class OutboundFetchError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Whether an address is on the public internet: not loopback, private (RFC 1918), link-local
 * (the cloud metadata service 169.254.169.254 among them), CGNAT, unique-local IPv6,
 * unspecified, broadcast, multicast, documentation, benchmarking or otherwise reserved. IPv6
 * forms carrying an IPv4 address (mapped, NAT64) are judged by that address; 6to4 and Teredo
 * are refused.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
    if (v6.range() === 'rfc6052') {
      const bytes = v6.toByteArray().slice(12);
      return isPublicAddress(bytes.join('.'));
    }
  }
  return address.range() === 'unicast';
}

type Resolved = { address: string; family: 4 | 6 };
/** Every address a host resolves to (the tests give their own). */
export type Resolver = (host: string) => Promise<Resolved[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export type FetchPublicOptions = {
  /** At most this many bytes of body; more is a `too-large` failure. 10 MB unless said. */
  maxBytes?: number;
  /** The whole fetch, redirects included, in milliseconds. 10 s unless said. */
  timeoutMs?: number;
  /** Loopback and private addresses allowed: tests only (MEDIA_FETCH_ALLOW_PRIVATE=1). */
  allowPrivate?: boolean;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Redirects followed on a GET, each checked as the first URL was; 3 unless said, 0 for none. */
  maxRedirects?: number;
  resolve?: Resolver;
};

export type FetchedResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
};

export const FETCH_MAX_BYTES = 10 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 10_000;

/** The URL parsed and its host resolved to one checked address to connect to. */
async function checkedTarget(raw: string, options: FetchPublicOptions) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundFetchError('bad-url', 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundFetchError('bad-url', 'Only http and https URLs are fetched');
  }
  if (url.username || url.password) {
    throw new OutboundFetchError('bad-url', 'A URL with a user name or password is not fetched');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Resolved[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw new OutboundFetchError('dns', `The host ${host} could not be found`);
    }
  }
  if (addresses.length === 0) {
    throw new OutboundFetchError('dns', `The host ${host} could not be found`);
  }
  // One private answer is enough to refuse: which one a connection would get is DNS's choice.
  const inside = addresses.find((a) => !isPublicAddress(a.address));
  if (inside && !options.allowPrivate) {
    throw new OutboundFetchError(
      'private-address',
      `The host ${host} is a private or local address (${inside.address}), which is not fetched`,
    );
  }
  return { url, host, target: addresses[0]! };
}

/** A lookup that answers only the checked address: the connection cannot go elsewhere. */
const pinnedLookup =
  ({ address, family }: Resolved): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

function requestOnce(
  target: Awaited<ReturnType<typeof checkedTarget>>,
  options: FetchPublicOptions,
  signal: AbortSignal,
  maxBytes: number,
) {
  const { url, host, target: address } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<FetchedResponse>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        lookup: pinnedLookup(address),
        // TLS checks the certificate against the name, not the pinned address.
        ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
        signal,
        // No keep-alive pool: a pooled socket could carry another URL to this address.
        agent: false,
      },
      (res) => {
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          reject(tooLarge(maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(tooLarge(maxBytes));
          } else chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes: Buffer.concat(chunks),
            url: url.toString(),
          }),
        );
        res.on('error', (err) => reject(failure(err, signal)));
      },
    );
    req.on('error', (err) => reject(failure(err, signal)));
    req.end(options.body);
  });
}

const tooLarge = (maxBytes: number) =>
  new OutboundFetchError(
    'too-large',
    `The answer is over ${Math.round(maxBytes / 1024 / 1024)} MB`,
  );

function failure(err: Error, signal: AbortSignal) {
  if (err instanceof OutboundFetchError) return err;
  if (signal.aborted) return new OutboundFetchError('timeout', 'No answer in time');
  return new OutboundFetchError('network', `The request failed: ${err.message}`);
}

/**
 * Fetches a stranger's URL safely (see the top of this file). Any status is answered as it is
 * (a webhook's receiver answering 500 is a result, not an error); a refused URL, an address
 * that is not public, no answer in `timeoutMs`, more than `maxBytes`, or too many redirects
 * throw an OutboundFetchError saying which.
 */
export async function fetchPublic(
  url: string,
  options: FetchPublicOptions = {},
): Promise<FetchedResponse> {
  const maxBytes = options.maxBytes ?? FETCH_MAX_BYTES;
  const maxRedirects = options.method === 'POST' ? 0 : (options.maxRedirects ?? 3);
  const signal = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  let next = url;
  for (let hop = 0; ; hop++) {
    const target = await checkedTarget(next, options);
    if (signal.aborted) throw new OutboundFetchError('timeout', 'No answer in time');
    const res = await requestOnce(target, options, signal, maxBytes);
    const location = res.headers.location;
    if (res.status < 300 || res.status >= 400 || !location || maxRedirects === 0) return res;
    if (hop >= maxRedirects) {
      throw new OutboundFetchError('too-many-redirects', `More than ${maxRedirects} redirects`);
    }
    next = new URL(location, target.url).toString();
  }
}
