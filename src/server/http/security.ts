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
        // Admins may link product and profile photos on other hosts over http(s); over HTTPS,
        // upgrade-insecure-requests below fetches http links as https.
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

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  // @fastify/helmet builds Helmet's middleware anew for every request, which cost the catalogue
  // a good part of its throughput; these headers never change while the server runs.
  const headers = staticHeaders(helmetOptions(config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
