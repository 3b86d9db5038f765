/**
 * A test that starts servers of its own (in-process or as processes, often on
 * a database it creates and migrates; for the browser tests, a copy of the
 * build and an SMTP sink too, then a send with Chromium at 4× CPU): a deadline
 * that holds on two cores kept busy by other work. Only a deadline: each wait
 * in the test ends as soon as its state shows.
 */
export const SERVER_TEST_BUDGET_MS = 120_000;
