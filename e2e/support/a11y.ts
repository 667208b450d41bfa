import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation.
 * `within` (a CSS selector) limits the check to one part, for a state such as an open menu
 * on a page whose whole is checked by another test.
 */
export async function expectNoSeriousA11yViolations(page: Page, within?: string) {
  // Colours judged mid-fade (a dialog opening, a toast sliding in) are not what anyone reads:
  // wait for finite animations and transitions to end first. A toast's timer bar runs for as
  // long as the toast shows: waiting for it would time out just as the toast starts fading
  // out, and axe would judge it mid-fade.
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((animation) => {
          const end = animation.effect?.getComputedTiming().endTime;
          const target = (animation.effect as KeyframeEffect | null)?.target;
          if (target instanceof Element && target.closest('.Toastify__progress-bar')) return true;
          return animation.playState !== 'running' || end === Infinity;
        }),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Details of passing rules are not needed, and skipping them makes the run faster.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  const blocking = violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')})`,
    );
  expect(blocking, `axe found serious or critical violations on ${page.url()}`).toEqual([]);
}
