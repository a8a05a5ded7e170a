import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { createClips } from './support/clips';

/**
 * Nothing looks lost after a network drop: a list that cannot load while offline says so, with Retry,
 * instead of "No clips found", and loads by itself when the network is back, without a reload.
 */
test('a list opened offline says it could not load, and shows the clips by itself once back online', async ({
  page,
  context,
  request,
}) => {
  const { accessToken } = await signIn(page, request, 'network-drop');
  await createClips(request, accessToken, ['Written before the drop']);
  // Both pages are opened once online (filtered to nothing), so their code is at hand offline.
  await page.goto('/dashboard?q=nothing-like-this');
  await expect(page.getByText('No recent clips match your current filters.', { exact: false })).toBeVisible();
  await page.goto('/clips?q=nothing-like-this');
  await expect(page.getByText('No clips match your current filters.', { exact: false })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('navigation').getByRole('link', { name: 'All Clips' }).first().click();
  const failed = page.getByRole('alert').filter({ hasText: "Couldn't load your clips" });
  await expect(failed).toBeVisible();
  await expect(page.getByText('No clips found. Create your first clip!')).toHaveCount(0);
  // Retry while still offline fails again, and says so again.
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await expect(failed).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('article').filter({ hasText: 'Written before the drop' })).toBeVisible();
  await expect(failed).toHaveCount(0);

  // The dashboard too: its recent clips, never "No clips found", then the clip once the network is back.
  await context.setOffline(true);
  await page.getByRole('navigation').getByRole('link', { name: 'Clipboards' }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: "Couldn't load your clips" })).toBeVisible();
  await expect(page.getByText('No clips found. Create your first clip!')).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('article').filter({ hasText: 'Written before the drop' })).toBeVisible();
});
