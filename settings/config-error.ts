/**
 * The one configuration error, for the build (src/config/env.ts, through
 * vite.config.ts) and the server (server/settings/read-settings.ts): every bad
 * variable at once, each with what was expected.
 */
export class ConfigError extends Error {
  /** `heading` says whose configuration it is: the build's or the server's. */
  constructor(
    readonly problems: string[],
    heading = 'Invalid server configuration',
  ) {
    super(`${heading}:\n  ${problems.join('\n  ')}\n(see .env.example)`);
    this.name = 'ConfigError';
  }
}
