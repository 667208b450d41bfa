/**
 * Flags for the Chromium that the e2e tests (playwright.config.ts) and the Lighthouse bench
 * (bench/web.ts) run: no sandbox or GPU in containers, and none of the background traffic
 * (updates, sync, QUIC probes) that would skew what the page itself asks for.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
