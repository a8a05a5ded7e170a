/** The new-clip file lists show sizes in KB to one decimal (SPEC §2). */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
