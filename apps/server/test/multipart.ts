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

/** One file part of `multipartForm`. */
export interface FormFile {
  field: string;
  filename: string;
  type: string;
  content: Buffer;
}

/**
 * A multipart/form-data body of text fields, then any number of file parts, for `app.inject` (a device
 * sending a clip's text and all its files at once, as sealing one does).
 */
export function multipartForm(fields: Record<string, string>, files: readonly FormFile[]) {
  const boundary = `----clipsync${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const fileParts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([Buffer.from(fieldParts.join('')), ...fileParts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
