import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { attachFile, createClips } from './support/clips';

/** A real 1×1 PNG: Chromium decodes an image before it puts it on the clipboard. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search clips...' });

test('a card copies its text, or its image when it has no text, in one click', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { accessToken } = await signIn(page, request, 'copy');
  const [, imageClipId] = await createClips(request, accessToken, ['copy me from the card', '']);
  await attachFile(request, accessToken, imageClipId ?? '', {
    name: 'pixel.png',
    mimeType: 'image/png',
    buffer: ONE_PIXEL_PNG,
  });

  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Clips' });
  const textCard = recent.getByRole('article').filter({ hasText: 'copy me from the card' });
  await textCard.getByRole('button', { name: 'Copy clip' }).click();
  await expect(toast(page, 'Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('copy me from the card');

  const imageCard = recent.getByRole('article').filter({ hasText: 'pixel.png' });
  await expect(imageCard.getByText('PNG image')).toHaveAttribute('title', 'image/png');
  await imageCard.getByRole('button', { name: 'Copy clip' }).click();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.clipboard.read()).flatMap((item) => item.types)))
    .toContain('image/png');
});

test('the dashboard and All Clips keep their filters in the URL across reload and Back', async ({ page, request }) => {
  const { accessToken } = await signIn(page, request, 'filters');
  const [, , reportWithFile] = await createClips(request, accessToken, [
    'weekly report',
    'shopping list',
    'annual report',
  ]);
  await attachFile(request, accessToken, reportWithFile ?? '', {
    name: 'annual.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 test'),
  });

  // The dashboard's filters live in its URL too.
  await page.goto('/dashboard');
  await searchBox(page).pressSequentially('shopping');
  await expect(page).toHaveURL(/\/dashboard\?q=shopping$/);
  await page.reload();
  await expect(searchBox(page)).toHaveValue('shopping');
  await expect(page.getByRole('article')).toHaveCount(1);

  await page.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/clips$/);
  // The dashboard stays on screen while All Clips loads: type into the new page's own search box.
  await expect(page.getByRole('heading', { name: 'All Clips', level: 1 })).toBeVisible();
  await expect(searchBox(page)).toHaveValue('');
  await searchBox(page).pressSequentially('report');
  await expect(page).toHaveURL(/\/clips\?q=report$/);
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Files' }).click();
  await expect(page).toHaveURL(/\/clips\?q=report&type=file$/);
  await expect(page.getByRole('article')).toHaveCount(1);

  await page.reload();
  await expect(searchBox(page)).toHaveValue('report');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveText('Files');
  await expect(page.getByRole('article')).toHaveCount(1);

  // Open the clip and come back: the list is as it was left.
  await page.getByRole('article').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/clips/${reportWithFile}$`));
  await page.goBack();
  await expect(searchBox(page)).toHaveValue('report');
  await expect(page.getByRole('article')).toHaveCount(1);

  // Back undoes the type choice; the typing was one entry, so one more Back leaves for the dashboard.
  await page.goBack();
  await expect(page).toHaveURL(/\/clips\?q=report$/);
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveText('All types');
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\?q=shopping$/);
});

test('All Clips finds a clip by the name of its file alone, a word in no clip’s text', async ({ page, request }) => {
  const { accessToken } = await signIn(page, request, 'file-search');
  const [, withFile] = await createClips(request, accessToken, ['weekly report', 'annual report', 'shopping list']);
  await attachFile(request, accessToken, withFile ?? '', {
    name: 'ledger-2026.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 test'),
  });

  await page.goto('/clips');
  await expect(page.getByRole('article')).toHaveCount(3);
  await searchBox(page).pressSequentially('ledger');
  await expect(page).toHaveURL(/\/clips\?q=ledger$/);
  const found = page.getByRole('article');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('annual report');
  await expect(found).toContainText('ledger-2026.pdf');
});

test('one page of clips shows no pager; an empty list offers Create clip', async ({ page, request }) => {
  const { accessToken } = await signIn(page, request, 'pager');
  await page.goto('/clips');
  await expect(page.getByText('No clips found. Create your first clip!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create clip' })).toHaveAttribute('href', '/new-clip');
  await page.goto('/favorites');
  await expect(page.getByText('Use the star on a clip to add it here.')).toBeVisible();

  await createClips(request, accessToken, ['first', 'second', 'third']);
  await page.goto('/clips');
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByText(/Page \d+ of/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
});
