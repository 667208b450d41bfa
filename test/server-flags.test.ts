import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.ts';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('the server as npm start runs it', () => {
  it('runs the compiled server with the node flags the suites start it with', () => {
    // The suites run the server as people do: the same flags, or they would test another server.
    expect(pkg.scripts.start).toContain(
      `node ${SERVER_NODE_FLAGS.join(' ')} dist/node/server/main.js`,
    );
  });

  it('starts node with the environment the suites start it with', () => {
    const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(pkg.scripts.start).toContain(`${env.join(' ')} node `);
  });
});
