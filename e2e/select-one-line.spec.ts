import { ROOM_ENDPOINTS } from '@clipsync/shared';
import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { createJourneyApi } from './support/api';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * A select shows its choice on one line inside its own box, whatever the choice's length: a room's content
 * filtered by its author ("E2E User e2e-…@example.com") at a phone's width, where two selects share a row.
 */
for (const size of SIZES) {
  test(`a select's choice stays on one line inside its box (${size.name})`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const { accessToken } = await signIn(page, request, 'select-one-line-with-a-long-address');
    const api = createJourneyApi(request, { token: accessToken });
    const { id: roomId } = await api.call(ROOM_ENDPOINTS.create, { body: { name: 'Sorting things out' } });
    await api.call(ROOM_ENDPOINTS.addContent, { params: { id: roomId }, body: { content: 'A line to filter' } });

    await page.goto(`/rooms/${roomId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sorting things out' })).toBeVisible();
    const filters = page.getByRole('search');
    await filters.getByRole('combobox', { name: 'User' }).click();
    await page.getByRole('option', { name: /^E2E User / }).click();
    await expect(filters.getByRole('combobox', { name: 'User' })).toContainText('E2E User');

    const selects = filters.getByRole('combobox');
    await expect(selects).toHaveCount(4);
    for (const select of await selects.all()) {
      const look = await select.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const text = element.querySelector('span');
        return {
          height: box.height,
          inViewport: box.left >= 0 && box.right <= document.documentElement.clientWidth,
          textLines: text
            ? Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight))
            : 0,
          textInside: text ? text.getBoundingClientRect().right <= box.right : false,
        };
      });
      expect(look, (await select.getAttribute('aria-label')) ?? 'a select').toEqual({
        height: 36,
        inViewport: true,
        textLines: 1,
        textInside: true,
      });
    }
    await page.screenshot({ path: test.info().outputPath(`room-filters-${size.name}.png`) });
  });
}
