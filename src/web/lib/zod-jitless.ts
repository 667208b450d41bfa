// Zod probes whether it may compile its parsers with `new Function`. Our CSP allows no eval,
// so the browser refuses the probe and logs a CSP violation on the first page that parses
// anything. Parsing without compiled parsers is just as correct. Zod keeps its settings in
// this global (`z.config()` writes there too); setting it directly keeps zod itself out of the
// first paint. e2e/security-xss.spec.ts fails on any CSP violation, so a change in zod shows.
const settings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
settings.__zod_globalConfig = { ...settings.__zod_globalConfig, jitless: true };

export {};
