/**
 * A file refused by its owner's storage quota, with the figures that say why (ErrorBody.overQuota): every
 * client words the same sentence from them, the server's `error` included.
 */
export interface FileOverQuota {
  fileName: string;
  fileBytes: number;
  /** What the quota still had room for when the file was refused: 0 when it was full already. */
  leftBytes: number;
  quotaBytes: number;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * "6.1 MB", "4.9 MB", "5 MB" (1024-based): one decimal, none for a round amount such as a quota. Room left is
 * rounded `down`: 69 bytes used of 5 MB leave "4.9 MB", never the "5.0 MB" a file of 5 MB would not fit in.
 */
export function formatStorageBytes(bytes: number, rounding: 'nearest' | 'down' = 'nearest'): string {
  const round = (value: number) => (rounding === 'down' ? Math.floor(value * 10) : Math.round(value * 10)) / 10;
  let unit = 0;
  // The unit is chosen after rounding: 1 048 575 bytes read "1.0 MB", never "1024.0 KB".
  while (round(bytes / 1024 ** unit) >= 1024 && unit < UNITS.length - 1) unit++;
  const exact = bytes / 1024 ** unit;
  // A size exactly round (a quota) reads "5 MB"; one merely near it keeps its decimal ("6.0 MB").
  const shown = unit === 0 || Number.isInteger(exact) ? String(Math.round(exact)) : round(exact).toFixed(1);
  return `${shown} ${UNITS[unit]}`;
}

/** "report.pdf (6.0 MB) is larger than the 4.9 MB left of your 5 MB", or that the storage is full. */
export function fileOverQuotaSentence(refused: FileOverQuota): string {
  const quota = formatStorageBytes(refused.quotaBytes);
  const file = `${refused.fileName} (${formatStorageBytes(refused.fileBytes)})`;
  if (refused.leftBytes <= 0) return `Your storage of ${quota} is full: ${file} was not saved.`;
  return `${file} is larger than the ${formatStorageBytes(refused.leftBytes, 'down')} left of your ${quota}`;
}
