const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** SPEC §9 file sizes, 1024-based: Bytes, KB, MB, GB, two decimals at most. */
export function formatFileSize(bytes: number): string {
  if (bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number(value.toFixed(2))} ${UNITS[exponent]}`;
}

/** The new-clip file lists show sizes in KB to one decimal (SPEC §2). */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
