// Hot reload for both halves: the API restarts on change (tsx watch) and Vite serves the web
// app with HMR on :5173, proxying /api to the API on :3000.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    // The server is a production one unless told otherwise; this is the development start, the
    // one that trusts Vite's origin and (with SEED_DEMO) creates the demo accounts.
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
