import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

function helmetOptions(config: Config): HelmetOptions {
  // HTTPS-only headers would lock a plain-HTTP deployment (or localhost) out of its own assets.
  const servedOverHttps = config.isProduction && config.publicUrl.startsWith('https://');
  // Stripe.js and its card field come from Stripe's hosts, and only when Stripe is configured.
  const stripe = config.stripe.secretKey !== undefined;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        // Swiper and React set style attributes; no inline <script> is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Product images are the admins' links to any http(s) host (the spec's "Product image
        // link"), so the CSP cannot name hosts; the photos strangers set are held to
        // PHOTO_HOSTS where they are written and where they are shown (docs/decisions/0015).
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(servedOverHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: servedOverHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers Helmet sets for these options: the same on every response, so worked out once. */
function staticHeaders(options: HelmetOptions) {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** The security headers every answer carries, the same for the whole life of the server. */
export function securityHeaders(config: Config) {
  return staticHeaders(helmetOptions(config));
}

/**
 * Every answer carries the headers, refusals included. So they are set by the first hook of
 * all: a hook that refuses a request (a path in another spelling, a bad Host) ends the hooks
 * after it. Fastify writes a few answers itself, before any hook runs (the 503 to a request that
 * arrives while the server closes): on a listening server the headers are set on the raw response
 * as it comes in, which those answers keep.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  // @fastify/helmet builds Helmet's middleware anew for every request, which cost the catalogue
  // a good part of its throughput; these headers never change while the server runs.
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const entries = Object.entries(headers);
  app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of entries) response.setHeader(name, value);
  });
}
