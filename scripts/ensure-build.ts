// `npm start` builds the web app, and compiles the server (scripts/build-server.ts), only when
// their sources are newer than the last build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, SERVER_OUT_DIR } from './build-server.ts';

const stamp = 'dist/web/index.html';
const sources = ['src/web', 'src/contract', 'public', 'vite.config.ts', 'package-lock.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (built < Math.max(...sources.map(newest))) {
  console.log('Building the web app…');
  execSync('npm run build', { stdio: 'inherit' });
}

// The server imports the contract and renders the web app's pages: all of src is its source.
const serverStamp = join(SERVER_OUT_DIR, 'main.js');
const serverSources = ['src', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.ts'];
const serverBuilt = existsSync(serverStamp) ? statSync(serverStamp).mtimeMs : 0;
if (serverBuilt < Math.max(...serverSources.map(newest))) {
  console.log('Compiling the server…');
  await buildServer();
}
