/** A failed call reads the server's `error` (an ApiError's message), else the error's message. */
export function roomErrorMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}
