import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { PHOTO_HOSTS } from '../../contract/photo-link.ts';
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
        // Every product image is the shop's own (/media/: an outside link is fetched and stored
        // by a job, and shown as a placeholder until then); the only other pictures are the
        // social sign-ins' profile photos, held to PHOTO_HOSTS where they are written and shown
        // (docs/decisions/0015, 0028).
        imgSrc: ["'self'", 'data:', ...PHOTO_HOSTS.map((host) => `https://${host}`)],
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
 * The answers Fastify's router writes itself, before any hook runs (a malformed %-escape, a
 * parameter over its length limit), as Fastify words them, with the security headers: passed
 * to Fastify as `frameworkErrors`.
 */
export function routerRefusal(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const statusCode = error.statusCode ?? 400;
    void reply
      .headers(headers)
      .status(statusCode)
      .send({
        error: statusCode < 500 ? 'Bad Request' : 'Internal Server Error',
        code: error.code,
        message: error.message,
        statusCode,
      });
  };
}

/**
 * Once the server closes, Fastify answers the requests that still arrive with a 503 of its own,
 * before any hook runs: from then on the headers are set on each raw response as it comes in.
 * Not before: the request checks' hook sets them on every other answer, and setting them
 * twice cost every request (issue 24). Fastify begins closing and runs the `preClose` hooks in
 * one turn of the event loop, so no request slips in between.
 */
export function keepSecurityHeadersWhileClosing(
  app: FastifyInstance,
  headers: Record<string, string>,
) {
  const entries = Object.entries(headers);
  app.addHook('preClose', (done) => {
    app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      for (const [name, value] of entries) response.setHeader(name, value);
    });
    done();
  });
}
