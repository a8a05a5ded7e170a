/** The new-clip pending file list shows sizes in KB to one decimal. */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** File size units, 1024-based. */
const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * A size in the largest unit it reaches: whole bytes below 1 KB ('23 Bytes'), otherwise one
 * decimal at most ('1.5 KB', '2 MB'), so a small file never reads '0.0 KB'.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} Bytes`;
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = Number((bytes / 1024 ** exponent).toFixed(1));
  return `${value} ${UNITS[exponent]}`;
}
