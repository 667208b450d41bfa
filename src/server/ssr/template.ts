import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = '<div id="root">';
// The built index.html's default title and description, between these comments: a page the
// server renders writes its own in their place.
const DEFAULT_HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;

export type Template = {
  /** The shell of pages drawn in the browser: index.html, preloading the app's code. */
  shell: string;
  /** A server-rendered page: its head tags, its markup and its data block in the shell. */
  fill(page: { head: string; body: string; dataScript: string }): string;
};

/** Vite's index.html (hashed script and style names), read once when the server starts. */
export function readTemplate(webDistDir: string): Template {
  const shell = readFileSync(resolve(webDistDir, 'index.html'), 'utf8');
  const at = shell.indexOf(ROOT);
  if (at < 0) throw new Error(`${webDistDir}/index.html has no ${ROOT}`);
  const before = shell.slice(0, at);
  const after = shell.slice(at + ROOT.length).replace(/^<\/div>/, '');
  return {
    shell: shell.replace('</head>', () => `${appPreloads(webDistDir)}</head>`),
    fill({ head, body, dataScript }) {
      const withHead = DEFAULT_HEAD.test(before)
        ? before.replace(DEFAULT_HEAD, () => head)
        : before.replace('</head>', () => `${head}</head>`);
      return `${withHead}${ROOT}${body}</div>${dataScript}${after}`;
    },
  };
}

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The app's code and what it imports, as Vite's manifest names them. index.html loads only the
 * boot script, which brings the app once a server-rendered page has painted; a page the browser
 * draws needs the app at once, so its shell asks for all of it from the start.
 */
function appPreloads(webDistDir: string) {
  const file = resolve(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key) || !manifest[key]) return;
    chunks.add(key);
    manifest[key].imports?.forEach(visit);
  };
  visit('main.tsx');
  return [...chunks]
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`)
    .join('');
}
