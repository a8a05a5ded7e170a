/**
 * What kind of file a media type and name describe, for a reader rather than a machine: a category with
 * its format ('PNG' image), a known document kind, or the upper-cased extension. The caller words it.
 */
export type FileTypeDescription =
  | { kind: 'image' | 'video' | 'audio'; format: string }
  | { kind: 'pdf' | 'text' }
  | { kind: 'extension'; extension: string }
  | { kind: 'unknown' };

/** Media subtypes whose usual name is not their upper-cased subtype. */
const FORMAT_NAMES: Record<string, string> = { 'svg+xml': 'SVG', mpeg: 'MPEG', 'x-icon': 'ICO', quicktime: 'MOV' };

const extensionOf = (fileName: string | null | undefined) => {
  const match = /\.([a-z0-9]{1,8})$/i.exec(fileName ?? '');
  return match?.[1]?.toUpperCase();
};

export function describeFileType(mediaType: string | null | undefined, fileName?: string | null): FileTypeDescription {
  const [category = '', subtype = ''] = (mediaType ?? '').toLowerCase().split(';')[0]?.trim().split('/') ?? [];
  if (category === 'application' && subtype === 'pdf') return { kind: 'pdf' };
  if ((category === 'image' || category === 'video' || category === 'audio') && subtype) {
    return { kind: category, format: FORMAT_NAMES[subtype] ?? subtype.replace(/^x-/, '').toUpperCase() };
  }
  const extension = extensionOf(fileName);
  if (extension) return { kind: 'extension', extension };
  if (category === 'text') return { kind: 'text' };
  return { kind: 'unknown' };
}
