import { basename } from 'node:path';
import { test, type Page } from '@playwright/test';

/**
 * With E2E_SHOTS set to a folder, keeps the page there as `<project>-<spec>-<name>.png` for a
 * person to look at (desktop and phone); without it, nothing. The whole page unless `fullPage`
 * is false (what a phone shows on one screen, with its fixed bar).
 */
export async function keepShot(page: Page, name: string, fullPage = true) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  const info = test.info();
  const spec = basename(info.file).replace(/\.spec\.ts$/, '');
  await page.screenshot({ path: `${folder}/${info.project.name}-${spec}-${name}.png`, fullPage });
}
