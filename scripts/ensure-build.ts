// `npm start` builds the web app only when its sources are newer than the last build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
