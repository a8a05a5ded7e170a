import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, signIn, signInAdmin } from './support/accounts';
import { blockingViolations } from './support/axe';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search by name or address...' });

async function choose(page: Page, selectName: string, optionName: string) {
  await page.getByRole('combobox', { name: selectName }).click();
  await page.getByRole('option', { name: optionName }).click();
}

test('an admin opens the console from the account menu, finds an account by its address and sorts', async ({
  page,
  request,
}) => {
  const member = await createConfirmedUser(request, 'directory-member');
  await signInAdmin(page, request, 'users');
  await page.goto('/dashboard');
  await page.getByRole('complementary').getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('link', { name: 'Admin', exact: true }).click();

  // The console opens on its Overview; Users is one of its sections.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Admin console sections' });
  await sections.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');

  await searchBox(page).fill(member.email.slice(0, -'@example.com'.length).toUpperCase());
  const rows = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(member.email);
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  await expect(rows.first()).toContainText('0 Bytes stored');

  await searchBox(page).fill('');
  await choose(page, 'Sort by', 'Last seen');
  await expect(page).toHaveURL(/sort=lastSeen/);
  // Accounts seen most recently first (this admin has just been), never-seen ones last.
  await expect(rows.first()).toContainText('Last seen');
  await choose(page, 'Sort by', 'Storage used');
  await choose(page, 'Order', 'Lowest or oldest first');
  await expect(page).toHaveURL(/sort=storage&order=asc/);
  await expect(rows.first()).toContainText('0 Bytes stored');
  expect(await blockingViolations(page)).toEqual([]);

  await searchBox(page).fill('no-such-person-anywhere');
  await expect(page.getByText('No user matches your search.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the console navigation and the list fit the screen and work', async ({ page, request }) => {
    const member = await createConfirmedUser(request, 'phone-member');
    await signInAdmin(page, request, 'users');
    await page.goto('/admin');
    const usersSection = page.getByRole('navigation', { name: 'Admin console sections' }).getByRole('link', {
      name: 'Users',
    });
    await expect(usersSection).toBeInViewport();
    await usersSection.click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    await searchBox(page).fill(member.email);
    const row = page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: member.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('link', { name: 'E2E User' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await blockingViolations(page)).toEqual([]);
  });
});

test('a signed-in member who is not an admin sees the not-found page at /admin', async ({ page, request }) => {
  await signIn(page, request, 'not-admin');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin console sections' })).toHaveCount(0);
});
