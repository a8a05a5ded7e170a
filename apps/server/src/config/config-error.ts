/** A setting that stops the start; its message names each variable to fix. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
