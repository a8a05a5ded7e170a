/** A person's search text as a LIKE pattern that matches it literally, anywhere in the value. */
export function toContainsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
