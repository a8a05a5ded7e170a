/** One pino line, parsed: its level as a number (30 info, 40 warn, 50 error), its message and fields. */
export interface LogLine {
  level: number;
  msg: string;
  err?: { type?: string; message?: string; stack?: string; code?: string };
  [field: string]: unknown;
}

/**
 * The app's log lines as they are written, for tests of what the logs say (pass `stream` to buildTestApp
 * with LOG_LEVEL set). pino writes each line whole, so every write is one JSON line.
 */
export function logRecorder(): { stream: { write(line: string): void }; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return { stream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) }, lines };
}
