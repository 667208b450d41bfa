import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = '<div id="root">';
// The built index.html's default title and description, between these comments: a page the
// server renders writes its own in their place.
const DEFAULT_HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;

export type Template = {
  /** The built index.html as it is: the shell of pages drawn in the browser. */
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
    shell,
    fill({ head, body, dataScript }) {
      const withHead = DEFAULT_HEAD.test(before)
        ? before.replace(DEFAULT_HEAD, () => head)
        : before.replace('</head>', () => `${head}</head>`);
      return `${withHead}${ROOT}${body}</div>${dataScript}${after}`;
    },
  };
}
