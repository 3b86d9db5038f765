/** Where a background loop writes what it did: the server's logger, or a test's list. */
export interface WorkLog {
  info(text: string): void;
  warn(text: string): void;
}
