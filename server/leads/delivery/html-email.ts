/**
 * The start of every HTML email we send. A long word (a 5,000-character message without a space,
 * a pasted URL) breaks where it must instead of widening the email past a phone's screen:
 * overflow-wrap and word-break are inherited by every paragraph, cell and quote.
 */
export const HTML_EMAIL_START =
  '<!doctype html><html><body style="font-family:sans-serif;overflow-wrap:anywhere;word-break:break-word">';
