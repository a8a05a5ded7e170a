import type { Page } from '@playwright/test';

/** What the phone's share sheet does: a multipart POST navigation to the manifest's share_target. */
export async function shareFromSheet(
  page: Page,
  fields: Record<string, string>,
  files: { name: string; text: string }[],
) {
  await page.evaluate(
    ([fieldsToSend, filesToSend]) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/share-target';
      form.enctype = 'multipart/form-data';
      for (const [name, value] of Object.entries(fieldsToSend)) {
        form.append(Object.assign(document.createElement('input'), { name, value }));
      }
      const input = Object.assign(document.createElement('input'), { type: 'file', name: 'files', multiple: true });
      const transfer = new DataTransfer();
      for (const file of filesToSend) transfer.items.add(new File([file.text], file.name, { type: 'text/plain' }));
      input.files = transfer.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    [fields, files] as const,
  );
}
