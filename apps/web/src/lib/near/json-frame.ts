/** A text frame of the nearness channel: a JSON object with its type in `t`. */
export type JsonFrame = { t: string } & Record<string, unknown>;

/** The frame as an object with a `t`, or null for a binary frame or anything that is not one of ours. */
export function parseJsonFrame(data: string | ArrayBuffer): JsonFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const frame = value as Record<string, unknown>;
    return typeof frame.t === 'string' ? (frame as JsonFrame) : null;
  } catch {
    return null;
  }
}
