/**
 * Where the e2e run's servers listen (playwright.config.ts starts them). E2E_PORT and
 * E2E_OAUTH_PORT move them, so that two runs on one machine do not collide; the test-mode
 * server for social sign-in takes the port after the OAuth provider's unless E2E_SOCIAL_PORT
 * says otherwise.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 3101);
const socialPort = Number(process.env.E2E_SOCIAL_PORT ?? oauthPort + 1);

/** The shop as `npm start` runs it: a production server. */
export const shopURL = `http://127.0.0.1:${port}`;
/** The local OpenID Connect provider that stands in for Google, Facebook and GitHub. */
export const oauthIssuer = `http://127.0.0.1:${oauthPort}`;
/** A test-mode server that signs in through `oauthIssuer` (production refuses a test issuer). */
export const socialShopURL = `http://127.0.0.1:${socialPort}`;
export const ports = { shop: port, oauth: oauthPort, socialShop: socialPort };
