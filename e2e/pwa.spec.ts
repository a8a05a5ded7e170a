import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, signIn } from './support/accounts';
import { readOwnedClip } from './support/clips';
import { waitForWorkerControl } from './support/service-worker';
import { shareFromSheet } from './support/share-sheet';

// The rest of the suite blocks service workers (playwright.config.ts): this spec is about them.
test.use({ serviceWorkers: 'allow' });

const WEB_DIST = join(import.meta.dirname, '..', 'apps', 'web', 'dist');

test('the manifest names the app, its start page and colours, and its icons load', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const response = await request.get('/manifest.webmanifest');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; purpose: string }[];
    share_target: { action: string; method: string; enctype: string };
  };
  expect(manifest).toMatchObject({
    id: '/',
    name: expect.stringContaining('ClipSync'),
    short_name: 'ClipSync',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#ffffff',
    // Dark colours: the manifest's proposed user_preferences, and the page's own theme-color for each scheme.
    user_preferences: { color_scheme: { dark: { theme_color: '#020617', background_color: '#020617' } } },
  });
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute(
    'content',
    '#4f46e5',
  );
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute(
    'content',
    '#020617',
  );
  expect(manifest.share_target).toMatchObject({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
  });
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('the worker takes control, and the app opens offline and says so', async ({ page, context }, testInfo) => {
  await page.goto('/');
  await waitForWorkerControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  // Another page of the app, never visited: the shell is the same index.html.
  await page.goto('/auth');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByText('Welcome back')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('offline-shell.png') });

  // The API is never answered from the cache, even for a GET the page made online before.
  expect(
    await page.evaluate(() =>
      fetch('/api/health').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
});

/** The paths of every request the worker keeps, in the caches of its versions. */
const workerCachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of (await caches.keys()).filter((key) => key.startsWith('clipsync-shell-'))) {
      const requests = await (await caches.open(name)).keys();
      paths.push(...requests.map((request) => new URL(request.url).pathname));
    }
    return paths;
  });

/** The modules the route table loads lazily (app/router.tsx): each page and frame, named after its file. */
async function lazyRouteModules() {
  const source = await readFile(join(import.meta.dirname, '..', 'apps', 'web', 'src', 'app', 'router.tsx'), 'utf8');
  return [...new Set([...source.matchAll(/import\('[^']*\/(\w+)'\)/g)].map((match) => match[1] ?? ''))];
}

test("the worker keeps every route's code, so the installed app opens a page offline that it never opened", async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForWorkerControl(page);
  const cached = await workerCachedPaths(page);

  // Every script and stylesheet of the build: the route chunks and all they import.
  const built = (await readdir(join(WEB_DIST, 'assets'))).filter((name) => /\.(js|css)$/.test(name));
  expect(built.map((name) => `/assets/${name}`).filter((path) => !cached.includes(path))).toEqual([]);
  // Each module of the route table by name (Vite names a route's chunk after its module).
  const modules = await lazyRouteModules();
  expect(modules.length).toBeGreaterThan(30);
  const withoutChunk = modules.filter(
    (name) => !cached.some((path) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(path)),
  );
  expect(withoutChunk).toEqual([]);

  await context.setOffline(true);
  // Never loaded online: the not-found page's chunk comes from the worker's cache.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page could not load' })).toHaveCount(0);
  await context.setOffline(false);
});

test('a share of text and two files is shown, then saved as one clip holding them, and opens', async ({
  page,
  request,
}) => {
  const { accessToken } = await signIn(page, request, 'share');
  await page.goto('/dashboard');
  await waitForWorkerControl(page);

  await shareFromSheet(page, { text: 'Shared from my phone', url: 'https://example.com/page' }, [
    { name: 'first.txt', text: 'first file' },
    { name: 'second.txt', text: 'second file' },
  ]);
  await expect(page.getByText('Save what you shared as a clip?')).toBeVisible();
  await page.getByRole('button', { name: 'Save as a clip' }).click();
  await expect(page).toHaveURL(/\/clips\/[\w-]+$/);
  await expect(page.getByText('first.txt').first()).toBeVisible();
  await expect(page.getByText('second.txt').first()).toBeVisible();
  const clipId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const clip = await readOwnedClip(request, accessToken, clipId);
  expect(clip.content).toBe('Shared from my phone\nhttps://example.com/page');
  expect(clip.files.map((file) => file.name).sort()).toEqual(['first.txt', 'second.txt']);
});

test('a share made while signed out is saved once the user has signed in', async ({ page, request }) => {
  const { email, password } = await createConfirmedUser(request, 'share-later');
  await page.goto('/');
  await waitForWorkerControl(page);

  await shareFromSheet(page, { title: 'Read later', url: 'https://example.com/later' }, [
    { name: 'later.txt', text: 'kept while signed out' },
  ]);
  await expect(page.getByText('Welcome back')).toBeVisible();
  // The sign-in says what it is for: what the worker keeps in this browser.
  await expect(page.getByText('1 file and a note are waiting — sign in to save them')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();

  await page.getByRole('button', { name: 'Save as a clip' }).click();
  await expect(page).toHaveURL(/\/clips\/[\w-]+$/);
  await expect(page.getByText('later.txt').first()).toBeVisible();
  await expect(page.getByText('https://example.com/later').first()).toBeVisible();
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the server keeps a share under a claim link; after sign-in, Save makes one clip holding it', async ({
    page,
    request,
  }) => {
    const { email, password } = await createConfirmedUser(request, 'share-claim');
    await page.goto('/');
    // The signed-out app leaves /share#claim=… for the sign-in at once, so the link is read from the
    // server's redirect rather than from a page URL that may already have moved on.
    const redirect = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/share-target'),
    );
    await shareFromSheet(page, { text: 'Kept by the server', url: 'https://example.com/claimed' }, [
      { name: 'first.txt', text: 'first file' },
      { name: 'second.txt', text: 'second file' },
    ]);
    const location = (await redirect).headers()['location'] ?? '';
    expect(location).toMatch(/^\/share#claim=[\w-]{43}$/);
    const claimLink = location.replace('/share', '');

    await expect(page.getByText('Welcome back')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL(new RegExp(`/share${claimLink}$`));
    await expect(page.getByRole('list', { name: 'Files' })).toContainText('second.txt');
    await page.getByRole('button', { name: 'Save as a clip' }).click();
    await expect(page).toHaveURL(/\/clips\/[\w-]+$/);
    await expect(page.getByText('first.txt').first()).toBeVisible();
    await expect(page.getByText('second.txt').first()).toBeVisible();
    await expect(page.getByText('https://example.com/claimed').first()).toBeVisible();

    // Single use: the link now waits for nothing.
    const token = claimLink.replace('#claim=', '');
    expect((await request.get(`/api/share-claims/${token}`)).status()).toBe(404);
  });
});

test('a new version of the app offers "Update available — reload"', async ({ page }, testInfo) => {
  await page.goto('/');
  await waitForWorkerControl(page);
  const path = join(WEB_DIST, 'sw.js');
  const original = await readFile(path);
  try {
    // A new deployment: another sw.js, which is what browsers compare.
    const next = Buffer.concat([original, Buffer.from('\n// the next version\n')]);
    await writeFile(path, next);
    await writeFile(`${path}.br`, brotliCompressSync(next));
    await writeFile(`${path}.gz`, gzipSync(next));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'Update available — reload' });
    await expect(prompt).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('update-prompt.png') });

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(prompt).toHaveCount(0);
  } finally {
    await writeFile(path, original);
    await writeFile(`${path}.br`, brotliCompressSync(original));
    await writeFile(`${path}.gz`, gzipSync(original));
  }
});
