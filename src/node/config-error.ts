/** A setting the server (or the CLI) cannot start with. The message is shown as is, so it never holds a secret. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
