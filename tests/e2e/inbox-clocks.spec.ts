import { clockCopy } from '../../src/content/lead-clocks';
import { addLead } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { expect, leadLink, leadRow, openedLead, signIn, test } from './support/inbox';
import { VIEWPORTS } from './support/site';

/**
 * The page's promises as clocks in the inbox (docs/lead-clocks.md): each lead
 * shows its deadline, running, overdue, met or missed; the list sorts by what
 * falls due first; the figures view has a chart with a table of its numbers.
 * The browser's clock is set (a day back, so the session's tokens stay valid)
 * and the deadlines are written as the clocks' worker writes them.
 */

const HOUR = 3_600_000;
const figures = clockCopy.figures;

test.use({ viewport: VIEWPORTS.desktop, timezoneId: 'Europe/London' });

/** Yesterday at 10:00 London time: "today" in the page then has a 17:30 of its own. */
function yesterdayAtTen(): Date {
  const day = new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);
  // 10:00 London is 09:00 or 10:00 UTC; the page formats in London either way.
  const utc = new Date(`${day}T10:00:00Z`);
  const londonHour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric' }).format(utc),
  );
  return new Date(utc.getTime() - (londonHour - 10) * HOUR);
}

test('each lead shows its clock, and "Due first" puts the overdue lead first', async ({
  page,
  inbox,
  member,
}) => {
  const now = yesterdayAtTen();
  await page.clock.setFixedTime(now);
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const set = (id: number, columns: Record<string, string>) =>
    inbox.server.query(
      `update public.contact_submissions
       set ${Object.keys(columns)
         .map((column, i) => `${column} = $${i + 2}`)
         .join(', ')}
       where id = $1`,
      [id, ...Object.values(columns)],
    );

  const running = uniqueSubmission('clock-running');
  const overdue = uniqueSubmission('clock-overdue');
  const met = uniqueSubmission('clock-met');
  await set(await addLead(inbox.server, running), {
    created_at: at(-HOUR),
    reply_due: at(7.5 * HOUR), // 17:30 today
    diagnosis_due: at(23 * HOUR),
  });
  await set(await addLead(inbox.server, overdue), {
    created_at: at(-26 * HOUR),
    reply_due: at(-2 * HOUR),
    diagnosis_due: at(-2 * HOUR + 30 * 60_000),
  });
  await set(await addLead(inbox.server, met), {
    created_at: at(-5 * HOUR),
    reply_due: at(-3 * HOUR),
    replied_at: at(-4 * HOUR),
    status: 'replied',
    diagnosis_due: at(19 * HOUR),
    diagnosed_at: at(-4 * HOUR),
  });

  await signIn(page, inbox, member);
  const clockOf = (name: string) => leadRow(page, name).locator('[data-clock-state]');
  await expect(clockOf(running.name)).toHaveText('Reply by 17:30 today');
  await expect(clockOf(running.name)).toHaveAttribute('data-clock-state', 'running');
  await expect(clockOf(overdue.name)).toHaveText('Reply overdue by 2 h');
  await expect(clockOf(overdue.name)).toHaveAttribute('data-clock-state', 'overdue');
  await expect(clockOf(met.name)).toHaveText(clockCopy.met.reply);

  // Opened, a lead shows both clocks.
  await leadLink(page, overdue.name).click();
  const opened = openedLead(page, overdue.name);
  const deadlines = opened.getByRole('region', { name: clockCopy.heading });
  await expect(deadlines.locator('[data-clock="reply"]')).toHaveText('Reply overdue by 2 h');
  await expect(deadlines.locator('[data-clock="diagnosis"]')).toHaveText(
    'Diagnosis overdue by 2 h',
  );

  // Due first: the overdue lead, then the running one; the met lead's clocks have stopped.
  await page.getByLabel(clockCopy.sort.label).selectOption('due');
  const names = page.getByRole('link', { name: /clock-(running|overdue|met)-/ });
  await expect(names.first()).toContainText(overdue.name);
  const order = await names.allTextContents();
  const position = (name: string) => order.findIndex((text) => text.includes(name));
  expect(position(overdue.name)).toBeLessThan(position(running.name));
  expect(position(running.name)).toBeLessThan(position(met.name));
});

test('the figures view gives the numbers, and its chart the same numbers as a table', async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('figures');
  const id = await addLead(inbox.server, lead);
  await inbox.server.query(
    `update public.contact_submissions
     set status = 'replied', replied_at = created_at + interval '3 minutes',
         reply_due = created_at + interval '2 hours'
     where id = $1`,
    [id],
  );
  await signIn(page, inbox, member);
  await page.getByRole('button', { name: figures.show }).click();
  await expect(page.getByRole('heading', { name: figures.heading })).toBeVisible();
  await page.getByLabel(figures.days(7)).check();

  // What the page shows is what the database computes for a member.
  const [{ f }] = (await inbox.server.query('select public.lead_figures(7) as f')) as [
    { f: { leads: number; weeks: { week_of: string; leads: number }[] } },
  ];
  const facts = page.locator('dl');
  await expect(facts.getByText(figures.leads, { exact: true }).locator('..')).toContainText(
    String(f.leads),
  );
  const table = page.getByRole('table', { name: figures.perWeek });
  await expect(table.locator('tbody tr')).toHaveCount(f.weeks.length);
  const counts = await table.locator('tbody td').allTextContents();
  expect(counts.map(Number)).toEqual(f.weeks.map((week) => week.leads));
  // The chart's text alternative says the same.
  const chart = page.getByRole('img', { name: /^Leads per week: / });
  for (const week of f.weeks) {
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`${week.leads} in the week of`));
  }
  await expect(page.getByText(figures.medianReply).locator('..')).not.toContainText(
    figures.noReplies,
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the figures: a value beside its label stays on one line, or takes a line of its own', async ({
    page,
    inbox,
    member,
  }) => {
    await addLead(inbox.server, uniqueSubmission('figures-phone'));
    await signIn(page, inbox, member);
    await page.getByRole('button', { name: figures.show }).click();
    await expect(page.getByRole('table', { name: figures.perWeek })).toBeVisible();
    // Squeezed beside a long label, "None yet" broke into "None" over "yet".
    const broken = await page.locator('dl > div').evaluateAll((rows) =>
      rows.flatMap((row) => {
        const [term, value] = [row.querySelector('dt')!, row.querySelector('dd')!];
        const range = document.createRange();
        range.selectNodeContents(value);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        const beside = value.getBoundingClientRect().top < term.getBoundingClientRect().bottom - 1;
        return lines.size > 1 && beside ? [`${term.textContent}: ${value.textContent}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
