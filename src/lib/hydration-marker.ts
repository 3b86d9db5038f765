/**
 * `data-hydrated`, the mark tests wait on before they click, type or read what
 * only the client draws. Nothing styles it, so setting it changes nothing a
 * visitor sees. The page hydrates as islands (src/islands/), so it means:
 * - on <html>: the islands' loader has run, every island's trigger is armed
 *   (a first tap on any of them is held and replayed), and every island due
 *   at load (on screen, or named by the URL) has hydrated;
 * - on an island's marker ([data-island]): that island has hydrated and its
 *   effects have run.
 * The prerendered HTML never holds it.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
