import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from './outbound-fetch.ts';

/** Every address a host resolves to (the tests give their own). */
export type ResolveAll = (host: string) => Promise<string[]>;

const systemResolve: ResolveAll = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const isLoopback = (ip: string) => /^127\./.test(ip) || ip === '::1';

/**
 * Why a webhook URL is refused, or undefined when it may be sent to (SSRF, checked when it is
 * registered and again by every try, since DNS can change): https to a host whose every
 * address is public; with `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=1, tests) private addresses
 * too, and http to loopback.
 */
export async function webhookUrlProblem(
  raw: string,
  { allowPrivate, resolve = systemResolve }: { allowPrivate: boolean; resolve?: ResolveAll },
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not valid';
  }
  if (url.username || url.password) return 'A URL with a user name or password is not taken';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return `The host ${host} could not be found`;
    }
  }
  if (addresses.length === 0) return `The host ${host} could not be found`;
  if (url.protocol === 'http:') {
    if (!(allowPrivate && addresses.every(isLoopback))) return 'The URL must be https';
  } else if (url.protocol !== 'https:') return 'The URL must be https';
  const inside = addresses.find((a) => !isPublicAddress(a));
  if (inside && !allowPrivate) {
    return `The host ${host} resolves to a private, loopback, link-local or metadata address (${inside}), which webhooks are not sent to`;
  }
  return undefined;
}
