/**
 * A multipart/form-data body with one file, for `app.inject` (no extra dependency needed); `fields` are
 * plain text fields sent before the file.
 */
export function multipartFile(
  field: string,
  filename: string,
  type: string,
  content: Buffer,
  fields: Record<string, string> = {},
) {
  const boundary = `----clipsync${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
