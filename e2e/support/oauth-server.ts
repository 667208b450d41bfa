// The local OpenID Connect provider the e2e server signs in with for Google, Facebook and
// GitHub (TEST_OAUTH_ISSUER). Playwright starts it before the shop, which reads its discovery
// document at start.
import { startOAuthProvider } from '../../test/support/oauth-provider.ts';

const port = Number(process.env.E2E_OAUTH_PORT ?? 3101);
const provider = await startOAuthProvider(port);
provider.signInAs({ sub: 'github-e2e-1', email: 'social.rider@example.com', name: 'Social Rider' });
console.log(`OAuth test provider at ${provider.issuer}`);

const stop = () => void provider.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
