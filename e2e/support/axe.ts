import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Every axe rule's violations on the page (or inside `include`), each with all its nodes. The journeys read
 * nothing else, and axe spends much of a scan building selectors for the nodes that pass; `resultTypes`
 * keeps one node per passing or incomplete rule while every rule still runs and every violating node is
 * still listed (axe-core API, "resultTypes").
 */
export async function axeViolations(page: Page, include?: string) {
  // A colour transition under way (a hover, a toast, a dialog) would be judged as its blend of both ends.
  await colourTransitionsEnded(page);
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  return (await (include ? builder.include(include) : builder).analyze()).violations;
}

/** The serious and critical findings of an axe scan of the page as it stands, one line each. */
export async function blockingViolations(page: Page) {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Resolves once the page's CSS transitions under way have finished (or were cancelled). */
export async function colourTransitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
