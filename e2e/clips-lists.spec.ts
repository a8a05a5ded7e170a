import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { attachFile, createClips } from './support/clips';

test('dashboard, All Clips and Favorites page and filter on the server', async ({ page, request }) => {
  const { accessToken } = await signIn(page, request, 'lists');
  const contents = Array.from({ length: 24 }, (_, index) => `note number ${index + 1}`);
  const ids = await createClips(request, accessToken, [...contents, 'quarterly report draft']);
  await attachFile(request, accessToken, ids[0] ?? '', {
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 test'),
  });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total Clips' })).toContainText('25');
  const recent = page.getByRole('region', { name: 'Recent Clips' });
  await expect(recent.getByRole('article')).toHaveCount(8);
  await expect(recent.getByRole('article').first()).toContainText('quarterly report draft');
  await expect(recent.getByRole('article').first()).toContainText('Just now');

  await recent.getByRole('searchbox', { name: 'Search clips...' }).fill('quarterly');
  await expect(recent.getByRole('article')).toHaveCount(1);
  await recent.getByRole('searchbox', { name: 'Search clips...' }).fill('no such words anywhere');
  await expect(
    page.getByText('No recent clips match your current filters. Try adjusting your search criteria.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/clips$/);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('article')).toHaveCount(20);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  const fileCard = page.getByRole('article').filter({ hasText: 'note number 1' }).filter({ hasText: 'report.pdf' });
  await expect(fileCard.getByText('PDF document')).toHaveAttribute('title', 'application/pdf');

  // A filter change goes back to page 1; the type filter runs on the server; one page needs no pager.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Files' }).click();
  await expect(page).toHaveURL(/\/clips\?type=file$/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByText(/Page \d+ of/)).toHaveCount(0);

  await fileCard.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(page.getByText('Added to favorites', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Clipboards' }).first().click();
  // The Favorites stat card (the navigation has a Favorites link too).
  const favoritesCard = page.getByRole('link', { name: /^Favorites\s*\d+$/ });
  await expect(favoritesCard).toContainText('1');
  await favoritesCard.click();
  await expect(page.getByRole('heading', { name: 'Favorite Clips' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Favorites' })).toHaveCount(0);
  const favorite = page.getByRole('article');
  await expect(favorite).toHaveCount(1);
  await expect(favorite).toContainText('report.pdf');

  await favorite.getByRole('button', { name: 'Share clip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Clip' });
  await expect(dialog.getByRole('textbox', { name: 'Clip link' })).toHaveValue(new RegExp(`/clips/${ids[0]}$`));
  await expect(dialog.getByRole('img', { name: 'QR code of the clip link' })).toBeVisible();
  await expect(dialog.getByText('Scan this QR code to access the clip on your mobile device')).toBeVisible();
  await page.keyboard.press('Escape');

  await favorite.getByRole('button', { name: 'Remove from favorites' }).click();
  await expect(page.getByText('Removed from favorites', { exact: true })).toBeVisible();
  await expect(page.getByText('No favorite clips found.')).toBeVisible();
});

test('deleting the only clip of the last page goes back to the new last page', async ({ page, request }) => {
  const { accessToken } = await signIn(page, request, 'delete');
  const fillers = Array.from({ length: 20 }, (_, index) => `filler ${index + 1}`);
  await createClips(request, accessToken, ['throw me away', ...fillers]);
  await page.goto('/clips');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  const deleteButton = page
    .getByRole('article')
    .filter({ hasText: 'throw me away' })
    .getByRole('button', { name: 'Delete clip' });
  // Deleting asks first; Cancel keeps the clip.
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: 'Delete this clip?' });
  await expect(confirm).toContainText('The clip and its files are deleted for good');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('throw me away')).toBeVisible();
  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Clip deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/clips$/);
  await expect(page.getByRole('article')).toHaveCount(20);
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(page.getByText('throw me away')).toHaveCount(0);
});

test('a new account sees the empty texts', async ({ page, request }) => {
  await signIn(page, request, 'empty');
  await page.goto('/dashboard');
  await expect(page.getByText('No clips found. Create your first clip!')).toBeVisible();
  await page.goto('/favorites');
  await expect(page.getByText('No favorite clips found.')).toBeVisible();
});

test('pasting on the dashboard makes a clip, images included', async ({ page, request }) => {
  await signIn(page, request, 'paste');
  await page.goto('/dashboard');
  await expect(page.getByText('No clips found. Create your first clip!')).toBeVisible();
  // A real Ctrl+V needs the OS clipboard; the page sees the same ClipboardEvent either way.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'pasted from another app');
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  });
  await expect(page.getByText('Clip saved successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('pasted from another app');

  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'screenshot.png', { type: 'image/png' }));
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  });
  await expect(page.getByRole('article').filter({ hasText: 'screenshot.png' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total Clips' })).toContainText('2');
});
