import { MAX_UPLOAD_BYTES } from '@clipsync/shared/limits';
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { signIn } from './support/accounts';
import { holdRequests } from './support/hold-requests';

/** Radix repeats a toast's text in a live region, so toasts are matched exactly, once. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test('a new clip is saved with a file, shared, edited by its owner, followed live by a signed-out viewer, favourited and deleted', async ({
  page,
  request,
  browser,
}) => {
  // The longest journey (two browser contexts, an upload, a download): it gets the slow-test time budget.
  test.slow();
  await signIn(page, request, 'clip-editor');
  // The draft is created on entry; its request is held until 'Initializing...' has been seen.
  const releaseDraft = await holdRequests(page, '**/api/clipboard', 'POST');
  await page.goto('/new-clip');
  await expect(page.getByRole('button', { name: 'Initializing...' })).toBeDisabled();
  releaseDraft();
  const saveClip = page.getByRole('button', { name: 'Save Clip' });
  await expect(saveClip).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Share' })).toBeDisabled();

  await saveClip.click();
  await expect(toast(page, 'Please enter some content or upload a file')).toBeVisible();

  await page.getByLabel('Upload File').setInputFiles([
    { name: 'too-big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes that travel with the clip') },
  ]);
  await expect(toast(page, 'File(s) too large: too-big.bin. Maximum file size is 10MB.')).toBeVisible();
  const pendingFiles = page.getByRole('region', { name: 'Pending Files' });
  await expect(pendingFiles.getByText('notes.txt')).toBeVisible();
  await expect(pendingFiles.getByText('too-big.bin')).toHaveCount(0);

  await page.getByLabel('Clip content').fill('First version');
  await saveClip.click();
  await expect(toast(page, 'Clip saved successfully')).toBeVisible();
  // Saved, the clip moves to its own address: the owner's clip page, with the file attached.
  await expect(page).toHaveURL(/\/clips\/[\w-]{22}$/);
  await expect(page.getByRole('region', { name: 'Attached Files' }).getByText('notes.txt')).toBeVisible();
  await expect(pendingFiles).toHaveCount(0);

  await page.getByRole('button', { name: 'Share' }).click();
  const shareDialog = page.getByRole('dialog', { name: 'Share Clip' });
  const link = await shareDialog.getByRole('textbox', { name: 'Clip link' }).inputValue();
  expect(link).toMatch(/\/clips\/[\w-]{22}$/);
  const clipId = link.split('/').at(-1) ?? '';
  await page.keyboard.press('Escape');

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  // The viewer follows the clip once the server acknowledges its `clip:join`; only then can a save reach it.
  const viewerFollows = viewer
    .waitForEvent('websocket')
    .then((socket) => socket.waitForEvent('framereceived', (frame) => String(frame.payload).includes('{"ok":true}')));
  await viewer.goto(link);
  await viewerFollows;
  await expect(viewer.getByText('View only mode. Copy or download the content.')).toBeVisible();
  await expect(viewer.getByText('Live', { exact: true })).toBeVisible();
  await expect(viewer.getByText('View only - Owner can edit')).toBeVisible();
  const viewerText = viewer.getByLabel('Clip content');
  await expect(viewerText).toHaveValue('First version');
  await expect(viewerText).not.toBeEditable();
  await expect(viewer.getByRole('region', { name: 'Attached Files' }).getByText('notes.txt')).toBeVisible();

  await page.goto(`/clips/${clipId}`);
  await expect(page.getByText('You can edit this clip. Changes will be visible to others in real-time.')).toBeVisible();
  const saveChanges = page.getByRole('button', { name: 'Save Changes' });
  await expect(saveChanges).toBeDisabled();
  await page.getByLabel('Clip content').fill('Second version, live');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await saveChanges.click();
  await expect(toast(page, 'Clip updated successfully')).toBeVisible();
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);

  await expect(viewerText).toHaveValue('Second version, live');
  await expect(toast(viewer, 'Content updated by owner')).toBeVisible();

  const downloading = viewer.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`clip-${clipId}.txt`);
  expect(await readFile(await download.path(), 'utf8')).toBe('Second version, live');
  await expect(toast(viewer, 'Content downloaded')).toBeVisible();

  // Back on the dashboard the owner favourites the clip, finds it in Favorites and deletes it.
  await page.goto('/dashboard');
  const card = page
    .getByRole('region', { name: 'Recent Clips' })
    .getByRole('article')
    .filter({ hasText: 'Second version, live' });
  await expect(card).toContainText('notes.txt');
  await card.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(toast(page, 'Added to favorites')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Favorites' }).click();
  // The dashboard stays on screen while the Favorites page loads: act on the new page only.
  await expect(page.getByRole('heading', { name: 'Favorite Clips', level: 1 })).toBeVisible();
  const favorite = page.getByRole('article').filter({ hasText: 'Second version, live' });
  await favorite.getByRole('button', { name: 'Delete clip' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this clip?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(toast(page, 'Clip deleted')).toBeVisible();
  await expect(page.getByText('No favorite clips found.')).toBeVisible();
  await expect(viewer.getByRole('alert')).toHaveText('This link no longer works');
  await viewer.reload();
  await expect(viewer.getByText('This link no longer works')).toBeVisible();
  await viewerContext.close();
});

test('files pasted or dropped anywhere on the page, and text pasted outside the editor, join the new clip', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'clip-paste');
  await page.goto('/new-clip');
  await expect(page.getByRole('button', { name: 'Save Clip' })).toBeEnabled();
  await expect(page.getByText('Drop files here or paste (Ctrl+V) text and images')).toBeVisible();

  await page.evaluate(() => {
    const pasted = new DataTransfer();
    pasted.items.add(new File(['png bytes'], 'screenshot.png', { type: 'image/png' }));
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: pasted, bubbles: true }));
    const text = new DataTransfer();
    text.setData('text/plain', 'pasted beside the editor');
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: text, bubbles: true }));
    const dropped = new DataTransfer();
    dropped.items.add(new File(['report'], 'report.pdf', { type: 'application/pdf' }));
    document.querySelector('main')?.dispatchEvent(new DragEvent('drop', { dataTransfer: dropped, bubbles: true }));
  });

  const pendingFiles = page.getByRole('region', { name: 'Pending Files' });
  await expect(pendingFiles.getByText('screenshot.png')).toBeVisible();
  await expect(pendingFiles.getByText('report.pdf')).toBeVisible();
  await expect(page.getByLabel('Clip content')).toHaveValue('pasted beside the editor');

  await pendingFiles.getByRole('button', { name: 'Remove report.pdf' }).click();
  await expect(pendingFiles.getByText('report.pdf')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Clip' }).click();
  await expect(toast(page, 'Clip saved successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Attached Files' }).getByText('screenshot.png')).toBeVisible();
});

test('the owner removes an attached file after a confirm and the viewer sees it go; a pending file waits for Save Changes', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  await signIn(page, request, 'clip-files');
  await page.goto('/new-clip');
  await expect(page.getByRole('button', { name: 'Save Clip' })).toBeEnabled();
  await page.getByLabel('Clip content').fill('Files for the trip');
  await page.getByLabel('Upload File').setInputFiles([
    { name: 'tickets.txt', mimeType: 'text/plain', buffer: Buffer.from('seat 12A') },
    { name: 'old-plan.txt', mimeType: 'text/plain', buffer: Buffer.from('outdated') },
  ]);
  await page.getByRole('button', { name: 'Save Clip' }).click();
  await expect(page).toHaveURL(/\/clips\/[\w-]{22}$/);
  const attached = page.getByRole('region', { name: 'Attached Files' });
  await expect(attached.getByText('old-plan.txt')).toBeVisible();
  await expect(page.getByText('Only you can edit this clip · anyone with the link can view it')).toBeVisible();

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  const viewerFollows = viewer
    .waitForEvent('websocket')
    .then((socket) => socket.waitForEvent('framereceived', (frame) => String(frame.payload).includes('{"ok":true}')));
  await viewer.goto(page.url());
  await viewerFollows;
  await expect(viewer.getByText('Shared by E2E User')).toBeVisible();
  const viewerFiles = viewer.getByRole('region', { name: 'Attached Files' });
  await expect(viewerFiles.getByText('old-plan.txt')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Remove old-plan.txt' })).toHaveCount(0);

  // A file added to the saved clip waits, and says so; the viewer sees nothing of it yet.
  await page.getByLabel('Upload File').setInputFiles({
    name: 'new-plan.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('the plan'),
  });
  const pending = page.getByRole('region', { name: 'Pending Files' });
  await expect(pending.getByText('new-plan.txt')).toBeVisible();
  await expect(pending.getByText('Not shared yet — press Save Changes')).toBeVisible();

  // Removing a stored file asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Remove old-plan.txt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this file?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(attached.getByText('old-plan.txt')).toBeVisible();
  await page.getByRole('button', { name: 'Remove old-plan.txt' }).click();
  await confirm.getByRole('button', { name: 'Remove file' }).click();
  await expect(toast(page, 'File removed')).toBeVisible();
  await expect(attached.getByText('old-plan.txt')).toHaveCount(0);
  await expect(viewerFiles.getByText('old-plan.txt')).toHaveCount(0);
  await expect(viewerFiles.getByText('tickets.txt')).toBeVisible();
  await expect(viewerFiles.getByText('new-plan.txt')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Files uploaded successfully')).toBeVisible();
  await expect(viewerFiles.getByText('new-plan.txt')).toBeVisible();
  await viewerContext.close();
});
