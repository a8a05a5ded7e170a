import { expect, test, type Page } from '@playwright/test';
import { setStorageQuota, signIn } from './support/accounts';
import { shotBothSizes } from './support/screenshots';

const MIB = 1024 * 1024;

/** Radix repeats a toast's text in a live region, so toasts are matched exactly, once. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

for (const [size, viewport] of [
  ['laptop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a file larger than the storage left saves nothing, and says which file and how much room there was (${size})`, async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const member = await signIn(page, request, `quota-${size}`);
    await setStorageQuota(request, member.user.id, 5 * MIB);

    await page.goto('/new-clip');
    await page.getByLabel('Clip content').fill('Quarterly report attached');
    await page.getByLabel('Upload File').setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(Math.round(6.04 * MIB), 1),
    });
    await page.getByRole('button', { name: 'Save Clip' }).click();

    await expect(toast(page, 'Nothing was saved')).toBeVisible();
    await expect(toast(page, 'report.pdf (6.0 MB) is larger than the 4.9 MB left of your 5 MB')).toBeVisible();
    await expect(page.getByText('Your storage is full', { exact: false })).toHaveCount(0);
    // Still on the page, text and file, for another try once there is room.
    await expect(page.getByRole('region', { name: 'Pending Files' }).getByText('report.pdf')).toBeVisible();
    await expect(page.getByLabel('Clip content')).toHaveValue('Quarterly report attached');
    await expect(page.getByRole('button', { name: 'Save Clip' })).toBeEnabled();
    await shotBothSizes(page, `clip-files-quota-${size}`, testInfo);

    // No clip without its file: the list has nothing.
    await page.setViewportSize(viewport);
    await page.goto('/dashboard');
    await expect(page.getByText('No clips found. Create your first clip!')).toBeVisible();
  });
}
