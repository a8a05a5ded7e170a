import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { createClips } from './support/clips';

/** The serious and critical findings of an axe scan of the page as it stands, one line each. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the landing page has no serious or critical accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });

  test(`every signed-in page has no serious or critical accessibility violations (${scheme})`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.emulateMedia({ colorScheme: scheme });
    const { accessToken } = await signIn(page, request, `a11y-${scheme}`);
    const [clipId] = await createClips(request, accessToken, ['A clip to look at']);
    const room = await request.post('/api/rooms', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { name: 'A room to look at' },
    });
    expect(room.status()).toBe(201);
    const { id: roomId } = (await room.json()) as { id: string };
    const block = await request.post('/api/virtual-desktop/items/text', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { content: 'A block to look at' },
    });
    expect(block.status()).toBe(201);
    const pages: readonly [string, string][] = [
      ['/dashboard', 'Dashboard'],
      ['/clips', 'All Clips'],
      ['/favorites', 'Favorite Clips'],
      ['/rooms', 'Rooms'],
      ['/quick-copy', 'Quick Copy'],
      ['/new-clip', 'New Clip'],
      [`/clips/${clipId}`, 'Shared Clip'],
      [`/rooms/${roomId}`, 'A room to look at'],
      ['/desktop', 'Virtual Desktop'],
      ['/billing', 'Billing'],
      ['/billing/cancel', 'Checkout canceled'],
      ['/devices', 'My devices'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The lists fill in after their heading: scan what a person reads, not the skeletons.
      await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
      expect(await blockingViolations(page), path).toEqual([]);
    }
  });
}
