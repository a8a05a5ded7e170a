import { EXIT, type ExitCode } from './exit-codes';

/** What the server said about a refusal, as its `{ error, code }` body has it. */
export interface ServerRefusal {
  error: string;
  code: string;
}

/**
 * The one error every failure becomes: the exit status, a line for people and, when the server refused,
 * its `{ error, code }` for `--json`. Commands throw it; `run` prints it and exits with its status.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    /** The server's own body, or one shaped like it for failures that never reached the server. */
    readonly body: ServerRefusal = { error: message, code: codeOf(exitCode) },
  ) {
    super(message);
    this.name = 'CliError';
  }
}

function codeOf(exitCode: ExitCode): string {
  switch (exitCode) {
    case EXIT.USAGE:
      return 'USAGE';
    case EXIT.NOT_SIGNED_IN:
      return 'UNAUTHORIZED';
    case EXIT.NETWORK:
      return 'NETWORK_ERROR';
    case EXIT.TOO_LARGE:
      return 'PAYLOAD_TOO_LARGE';
    default:
      return 'ERROR';
  }
}

export const usageError = (message: string): CliError => new CliError(message, EXIT.USAGE);
