import { FILE_NAME_MAX, FILE_TYPE_MAX, replaceUnsafeCharacters } from '@clipsync/shared';

const FALLBACK_NAME = 'file';
const FALLBACK_TYPE = 'application/octet-stream';
/** A surrogate without its partner: it has no UTF-8 form, so the name could not go into a URL. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** RFC 6838 `type/subtype`: restricted-name characters, first one alphanumeric, at most 127 each. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** `.` and `..` are path segments a URL resolves away: a download link ending in one would lose the file's id. */
const DOT_SEGMENT = /^\.{1,2}$/;

/**
 * The name kept for an uploaded file: at most FILE_NAME_MAX UTF-16 units, never ending in half of a
 * surrogate pair (an emoji cut in two), never empty and never a dot segment, and with each character unsafe to
 * show (a control, a line separator, a bidirectional mark or override: the one rule of @clipsync/shared) as �.
 * The raw upload refuses a C0 control in `X-File-Name`, but a multipart `filename` may carry any. Kept out, a
 * name is one line wherever it is shown, reads as what it is (`invoice\u202Efdp.sh` would show as
 * "invoicehs.pdf"), and search can tell the names apart from the text (clip-history.service.ts).
 */
export function toStoredFileName(uploadedName: string): string {
  let name = uploadedName.slice(0, FILE_NAME_MAX);
  if (name.length < uploadedName.length && /[\uD800-\uDBFF]$/.test(name)) name = name.slice(0, -1);
  name = replaceUnsafeCharacters(name.replace(LONE_SURROGATE, '\uFFFD'), '\uFFFD');
  return name && !DOT_SEGMENT.test(name) ? name : FALLBACK_NAME;
}

/**
 * The type kept for an uploaded file: the declared `type/subtype`, lower-cased and without parameters,
 * when it is a well-formed media type; anything else is only bytes to us.
 */
export function toStoredMimeType(declaredType: string): string {
  const essence = (declaredType.split(';')[0] ?? '').trim().toLowerCase();
  return essence.length <= FILE_TYPE_MAX && MEDIA_TYPE.test(essence) ? essence : FALLBACK_TYPE;
}
