/**
 * Every exit status the CLI ends with, so scripts can tell what went wrong without reading the message.
 * Anything else the server refuses (a 403, a 404, a 409…) is GENERAL_FAILURE with its one-line message.
 */
export const EXIT = {
  OK: 0,
  /**
   * The server refused (403, 404…), or an end-to-end encrypted clip did not decrypt (its key missing or cut,
   * the password wrong, the bytes altered, a sealed clip's key wrapped by another account), or a sealed
   * account's clip is to be made or read on a machine that has not unlocked (CLIPBOARD_LOCKED): the command
   * could not do its work with what it was given.
   */
  GENERAL_FAILURE: 1,
  /** A flag, argument or value the command does not take. */
  USAGE: 2,
  /** No token stored, or the server refused it (401): signed out, revoked or expired. */
  NOT_SIGNED_IN: 3,
  /** The server could not be reached: connection refused, unknown name, timeout. */
  NETWORK: 4,
  /** Over the server's size rule (413), or refused before sending because it would be. */
  TOO_LARGE: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
