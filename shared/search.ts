/**
 * The inbox's search (docs/inbox.md, "Search"): what a member types becomes a
 * full-text query of word prefixes, looked up in each lead's words (the
 * `search` column of inbox_leads). The page writes the query here and the
 * server bounds what it runs by the same numbers, so a search typed in the box
 * is never refused and one written by hand costs no more than the longest.
 */

/**
 * The longest search a member may type, in UTF-16 units (what the box's
 * maxLength counts). A name, an address or a phrase from a message is far
 * shorter; the bound keeps every query small whatever is typed.
 */
export const SEARCH_TERM_MAX = 100;

/**
 * The longest query the server runs. Each word of the term becomes
 * `word:*`, joined by `&`: two characters more per word, and a term of
 * SEARCH_TERM_MAX characters holds at most SEARCH_TERM_MAX / 2 words, so its
 * query is at most twice as long (tests/server/inbox-search.test.ts checks it).
 */
export const SEARCH_QUERY_MAX = 2 * SEARCH_TERM_MAX;

/** The text-search configuration of the `search` column: no dictionary, words kept as written. */
export const SEARCH_CONFIG = 'simple';

/**
 * tsquery's own syntax, spaces and control characters (PostgreSQL refuses
 * NUL in any text): what a member types is only ever words.
 */
const NOT_A_WORD = /[\s\p{Cc}&|!():*<>'"\\]+/u;

/**
 * The query for what a member typed: every word as a prefix, all of them
 * required (`ada:*&lov:*` finds "Ada Lovelace" while it is being typed).
 * Empty when nothing searchable was typed.
 */
export function searchQuery(term: string): string {
  return term
    .slice(0, SEARCH_TERM_MAX)
    .split(NOT_A_WORD)
    .filter(Boolean)
    .map((word) => `${word}:*`)
    .join('&');
}
