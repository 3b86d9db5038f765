/**
 * Runs inline in the inbox's <head> (the build puts it where inbox/index.html says
 * <!--inbox-early-reads-->; see scripts/inline-boot-scripts.ts): a member opening a
 * lead from an alert has its reads on their way while the inbox's script is still
 * being fetched and compiled, and is not shown the sign-in form of the HTML
 * (src/inbox/early-lead-reads.ts).
 */
import { markRestoring, startEarlyLeadReads } from '../inbox/early-lead-reads';

markRestoring();
startEarlyLeadReads();
