/**
 * An error as a log line may hold it: its kind, its code and where it was
 * raised, and its message with every quoted part taken out. Never the rest of
 * its properties: PGlite attaches the query's parameters to its errors
 * (`params`), node-postgres the failing row (`detail`), and a message may quote
 * a value (`invalid input syntax for type integer: "…"`, or V8's JSON errors),
 * any of which can be a visitor's name, email or message.
 */
export type LoggableError = {
  type: string;
  code?: string;
  message: string;
  stack: string;
};

/** An error's own message as our own work's log line says it (a failed round, a relay's answer). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Long enough for any message of ours or PostgreSQL's; a longer one is quoting something. */
const MAX_MESSAGE = 300;

export function loggableError(error: unknown): LoggableError {
  if (!(error instanceof Error))
    return { type: typeof error, message: '(not an Error)', stack: '' };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    message: withoutQuotes(error.message.slice(0, MAX_MESSAGE)),
    // Frames only: the stack's first line repeats the message.
    stack: (error.stack ?? '').split('\n').slice(1).join('\n'),
  };
}

const QUOTES = new Set(['"', "'", '`']);

/** Replaces each quoted part with "…"; an unclosed quote hides the rest. One pass, no pattern. */
function withoutQuotes(text: string): string {
  let result = '';
  let open: string | undefined;
  for (const char of text) {
    if (open === undefined) {
      if (QUOTES.has(char)) {
        open = char;
        result += `${char}…`;
      } else {
        result += char;
      }
    } else if (char === open) {
      result += char;
      open = undefined;
    }
  }
  return result;
}
