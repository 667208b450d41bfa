import { OAuth2Server } from 'oauth2-mock-server';
import { freePort } from './ports.ts';

export type Profile = { sub: string; email: string; name: string; emailVerified?: boolean };

/**
 * A local OpenID Connect provider standing in for Google, Facebook and GitHub. `signInAs`
 * sets who the next sign-in at the provider is.
 */
export async function startOAuthProvider(port?: number) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const listenPort = port ?? (await freePort());
  // Better Auth checks the issuer in the ID token against discovery: one host name everywhere.
  server.issuer.url = `http://127.0.0.1:${listenPort}`;
  let profile: Profile = { sub: 'rider-1', email: 'rider@example.com', name: 'Social Rider' };

  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      sub: profile.sub,
      email: profile.email,
      email_verified: profile.emailVerified ?? true,
      name: profile.name,
    });
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = {
      sub: profile.sub,
      email: profile.email,
      email_verified: profile.emailVerified ?? true,
      name: profile.name,
    };
  });

  await server.start(listenPort, '127.0.0.1');
  return {
    issuer: server.issuer.url,
    signInAs(next: Profile) {
      profile = next;
    },
    stop: () => server.stop(),
  };
}
