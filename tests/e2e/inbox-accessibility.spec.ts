import { alertsCopy } from '../../src/inbox/alerts/alerts-copy';
import { MIN_TOUCH_TARGET_PX } from '../../src/config/constants';
import { inboxCopy } from '../../src/content/inbox';
import { addLead, emailedCode } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import {
  callAsMember,
  escapeRegExp,
  expect,
  INBOX_PATH,
  leadLink,
  leadRow,
  openedLead,
  signIn,
  signInForm,
  test,
} from './support/inbox';
import { violations } from './support/axe';
import { toasts } from './support/contact';
import { cspViolations, recordCspViolations } from './support/csp';
import { VIEWPORTS, inEachColorScheme } from './support/site';

for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('axe finds nothing signed out, signed in, with a lead open and the erase dialog, light or dark; the CSP is kept', async ({
      page,
      inbox,
      member,
    }) => {
      test.slow(); // eight axe runs and a sign-in on a busy 2-core machine
      await recordCspViolations(page);
      const lead = uniqueSubmission('axe');
      await addLead(inbox.server, lead);
      await addLead(inbox.server, { ...uniqueSubmission('axe-spam'), spam: true });

      await page.goto(INBOX_PATH);
      await expect(signInForm(page).sendCode).toBeEnabled();
      await inEachColorScheme(page, async (scheme) => {
        expect.soft(await violations(page), `signed out, ${scheme}`).toEqual([]);
      });

      await signIn(page, inbox, member);
      await expect(leadLink(page, lead.name)).toBeVisible();
      await inEachColorScheme(page, async (scheme) => {
        expect.soft(await violations(page), `the list, ${scheme}`).toEqual([]);
      });

      await leadLink(page, lead.name).click();
      const opened = openedLead(page, lead.name);
      await expect(opened.getByTestId('lead-message')).toBeVisible();
      await inEachColorScheme(page, async (scheme) => {
        expect.soft(await violations(page), `a lead open, ${scheme}`).toEqual([]);
      });

      await opened.getByRole('button', { name: inboxCopy.actions.erase }).click();
      await expect(page.getByRole('dialog', { name: inboxCopy.erase.title })).toBeVisible();
      await inEachColorScheme(page, async (scheme) => {
        expect.soft(await violations(page), `the erase dialog, ${scheme}`).toEqual([]);
      });
      expect(await cspViolations(page)).toEqual([]);
    });
  });
}

/**
 * docs/inbox.md, "On a phone": the header's, the folders' and a lead's buttons and links are
 * 48 px high (MIN_TOUCH_TARGET_PX, the page's rule), for a thumb on the owner's phone.
 */
test('on a phone, every button and tab of the list and of an opened lead is at least 48 px high', async ({
  page,
  inbox,
  member,
}) => {
  await page.setViewportSize(VIEWPORTS.phone);
  const lead = uniqueSubmission('touch');
  await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  await leadLink(page, lead.name).click();
  await expect(openedLead(page, lead.name).getByTestId('lead-message')).toBeVisible();
  const targets = page.locator('button, a[href], [role="tab"]');
  const short = await targets.evaluateAll(
    (elements, min) =>
      elements
        .filter((el) => el.checkVisibility() && getComputedStyle(el).display !== 'inline')
        .map((el) => ({
          name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '',
          height: (el as HTMLElement).offsetHeight,
        }))
        .filter((target) => target.height < min),
    MIN_TOUCH_TARGET_PX,
  );
  // The skip link stays off-screen until a keyboard focuses it (as the page's, touch-targets.spec.ts).
  expect(short.filter((target) => target.name !== inboxCopy.skip.leads)).toEqual([]);
});

/**
 * The shared fields and buttons keep their states in the inbox (its stylesheet follows the
 * page's): the focused field's border is the warm accent, a refused one's the danger colour, and
 * an outline button under the pointer is raised. Each compared with the theme's own token.
 */
test('a focused field, a refused field and a hovered button show it, light and dark', async ({
  page,
}) => {
  await page.goto(INBOX_PATH);
  const form = signInForm(page);
  await expect(form.sendCode).toBeEnabled();
  const token = (name: string, property: 'color' | 'backgroundColor') =>
    page.evaluate(
      ([name, property]) => {
        const probe = document.body.appendChild(document.createElement('i'));
        probe.style.setProperty(
          property === 'color' ? 'color' : 'background-color',
          `var(${name})`,
        );
        const value = getComputedStyle(probe)[property];
        probe.remove();
        return value;
      },
      [name, property] as const,
    );
  // Polled: fields and buttons ease into their colours.
  await inEachColorScheme(page, async (scheme) => {
    await form.code.focus();
    await expect(form.code, `the focused field's border, ${scheme}`).toHaveCSS(
      'border-top-color',
      await token('--warm', 'color'),
    );
    await form.signIn.hover();
    await expect(form.signIn, `an outline button hovered, ${scheme}`).toHaveCSS(
      'background-color',
      await token('--raised', 'backgroundColor'),
    );
  });
  await form.email.fill('not an address');
  await form.sendCode.click();
  await expect(form.email).toHaveAttribute('aria-invalid', 'true');
  await form.code.focus();
  await expect(form.email, "a refused field's border").toHaveCSS(
    'border-top-color',
    await token('--danger', 'color'),
  );
});

test('the inbox works from the keyboard: sign in, move between folders, open a lead', async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('keys');
  await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  // The form is gone, and the focus with it: it starts at the list.
  await expect(page.getByRole('heading', { name: inboxCopy.list.label })).toBeFocused();

  const inboxTab = page.getByRole('tab', { name: inboxCopy.tabs.inbox });
  await inboxTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: inboxCopy.tabs.spam })).toBeFocused();
  await expect(page.getByRole('tab', { name: inboxCopy.tabs.spam })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('ArrowLeft');
  await expect(inboxTab).toHaveAttribute('aria-selected', 'true');

  await leadLink(page, lead.name).focus();
  await page.keyboard.press('Enter');
  // Focus lands on the opened lead's heading.
  await expect(openedLead(page, lead.name).getByRole('heading', { name: lead.name })).toBeFocused();
});

test("the keyboard user keeps their place on a lead: after I'm on it, a note, and a reply sent or cancelled", async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('place');
  await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  await leadLink(page, lead.name).focus();
  await page.keyboard.press('Enter');
  const opened = openedLead(page, lead.name);
  const heading = opened.getByRole('heading', { name: lead.name });
  await expect(heading).toBeFocused();

  // "I'm on it" is gone once it has done its work: the user is back on the lead, not the page.
  await opened.getByRole('button', { name: alertsCopy.take.button }).focus();
  await page.keyboard.press('Enter');
  await expect(opened.getByText(alertsCopy.take.takenBy(member))).toBeVisible();
  await expect(heading).toBeFocused();

  // A note added: on to the next one, from the emptied field.
  const note = opened.getByRole('textbox', { name: inboxCopy.notes.label });
  await note.fill('Called back, left a voicemail.');
  await opened.getByRole('button', { name: inboxCopy.notes.add }).focus();
  await page.keyboard.press('Enter');
  await expect(opened.getByText('Called back, left a voicemail.')).toBeVisible();
  await expect(note).toBeFocused();

  // A reply cancelled, then one sent: back on "Reply" each time.
  const reply = opened.getByRole('button', { name: inboxCopy.reply.open, exact: true });
  await reply.focus();
  await page.keyboard.press('Enter');
  await opened.getByRole('button', { name: inboxCopy.reply.cancel }).focus();
  await page.keyboard.press('Enter');
  await expect(reply).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('We can help with that.');
  await opened.getByRole('button', { name: inboxCopy.reply.send }).focus();
  await page.keyboard.press('Enter');
  await expect(opened.getByText('We can help with that.')).toBeVisible();
  await expect(reply).toBeFocused();
});

test('"Sign out" from the keyboard leaves the focus on the sign-in form, not the page', async ({
  page,
  inbox,
  member,
}) => {
  await signIn(page, inbox, member);
  await page.getByRole('button', { name: inboxCopy.header.signOut }).focus();
  await page.keyboard.press('Enter');
  // The button pressed is gone with the workspace: the member starts again at the form's heading.
  await expect(signInForm(page).sendCode).toBeEnabled();
  await expect(page.getByRole('heading', { name: inboxCopy.signIn.heading })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(signInForm(page).email).toBeFocused();
});

test("a change's result is announced: the toasts' live region is in the page before the first change", async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('live');
  await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  // A live region added with its first message is often not read out: it must be there, empty.
  const { region } = toasts(page);
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region.getByRole('listitem')).toHaveCount(0);

  await leadLink(page, lead.name).click();
  await openedLead(page, lead.name)
    .getByRole('button', { name: inboxCopy.actions.archive })
    .click();
  await expect(toasts(page).withText(inboxCopy.actions.done.archived)).toBeVisible();
});

/**
 * A change made elsewhere (another member, the member's phone) reaches the open inbox live. What
 * the keyboard user was on may go with it: they stay on the list or the lead, never on the page
 * itself, from where their next Tab would start again at the top.
 */
test('a lead archived elsewhere while the keyboard user is on its row leaves them on the list', async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('gone-archived');
  const id = await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  await leadLink(page, lead.name).focus();
  await callAsMember(page, 'inbox_set_status', { lead_id: id, new_status: 'archived' });
  await expect(leadLink(page, lead.name)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: inboxCopy.list.label })).toBeFocused();
});

test('an opened lead erased elsewhere leaves the keyboard user on the words that say so', async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('gone-erased');
  const id = await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  await leadLink(page, lead.name).click();
  const opened = openedLead(page, lead.name);
  await opened.getByRole('button', { name: inboxCopy.actions.diagnosed }).focus();
  await callAsMember(page, 'inbox_erase', { lead_id: id });
  const gone = page.getByRole('status').filter({ hasText: inboxCopy.lead.notFound });
  await expect(gone).toBeVisible();
  await expect(gone).toBeFocused();
});

test('"Show more" pressed for the last leads leaves the keyboard user on the list', async ({
  page,
  inbox,
  member,
}) => {
  await addLead(inbox.server, uniqueSubmission('more'));
  // Until "Show more" is pressed, the list's count says one lead more than the view holds, as a
  // view of 51 would say: 51 leads in the worker's shared server would spend the hourly email cap
  // other tests count on. Every read until then, as the list is read again once Realtime has
  // joined (src/inbox/live.ts): only the first, and under load that second read took the button
  // away before the keyboard reached it.
  let pressed = false;
  await page.route(/\/rest\/v1\/inbox_list\?/, async (route) => {
    const response = await route.fetch();
    const [range, total] = response.headers()['content-range']?.split('/') ?? [];
    if (pressed || total === undefined) return route.fulfill({ response });
    const headers = { ...response.headers(), 'content-range': `${range}/${Number(total) + 1}` };
    await route.fulfill({ response, headers });
  });
  await signIn(page, inbox, member);
  const more = page.getByRole('button', { name: inboxCopy.list.more });
  await more.focus();
  pressed = true;
  await page.keyboard.press('Enter');
  await expect(more).toHaveCount(0);
  await expect(page.getByRole('heading', { name: inboxCopy.list.label })).toBeFocused();
});

/**
 * A live region that is not in the accessibility tree when its words arrive (display: none while
 * empty) is often not read out: the sign-in's "a code is on its way" and the offline notice are
 * there, empty, from the start, and read when their words come.
 */
test("the sign-in's and the offline notice's live regions are in the page before their words", async ({
  page,
  context,
  member,
}) => {
  await page.goto(INBOX_PATH);
  const form = signInForm(page);
  await expect(form.sendCode).toBeEnabled();
  const main = page.getByRole('main');
  const regions = main.getByRole('status');
  // Every live region of the form is exposed, the empty ones included: the offline notice, "your
  // session has ended" and "a code is on its way".
  await expect(regions).toHaveCount(
    await main.getByRole('status', { includeHidden: true }).count(),
  );
  await expect(regions).toHaveCount(3);
  await expect(regions.filter({ hasText: /./ })).toHaveCount(0);

  await form.email.fill(member);
  await form.sendCode.click();
  await expect(regions.filter({ hasText: inboxCopy.signIn.sent(member) })).toBeVisible();

  await context.setOffline(true);
  await expect(regions.filter({ hasText: alertsCopy.offline })).toBeVisible();
  await context.setOffline(false);
  await expect(regions).toHaveCount(3);
});

/**
 * A session that ends under the member (a refused token: removed, a key rotated, a refresh
 * refused) takes the workspace, and the focus, with it. "Your session has ended" comes into a
 * live region that was in the page before (one added with its words is often not read out), and
 * the focus moves to those words, from where the next Tab is the address.
 */
test('a session that ends is announced: its words come into a live region already there, and the focus moves to them', async ({
  page,
  inbox,
  member,
}) => {
  await signIn(page, inbox, member);
  const regions = page.getByRole('main').getByRole('status');
  await expect(regions.filter({ hasText: inboxCopy.signIn.signedOut })).toHaveCount(0);
  // Each live region exposed now, marked: the words must come into one of these, not a new one.
  await regions.evaluateAll((all) => all.forEach((region) => (region.dataset.before = 'yes')));

  // The list read again (as on focus) with a token the server refuses: PostgREST's 401.
  await page.route(/\/rest\/v1\/inbox_list\?/, (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'PGRST301', message: 'JWT expired', details: null, hint: null }),
    }),
  );
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const ended = regions.filter({ hasText: inboxCopy.signIn.signedOut });
  await expect(ended).toBeVisible();
  await expect(ended).toHaveAttribute('data-before', 'yes');
  await expect(ended).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(signInForm(page).email).toBeFocused();
});

/**
 * A keyboard user's first Tab on the page is a link past the header, the folders and the filters
 * (six controls and a search before the first lead): to the list, from where the next Tab is the
 * first lead. Signed out, "Skip to content" goes to the form. Neither closes an opened lead.
 */
test('"Skip to the leads", the first Tab, goes past the header and filters to the list and leaves an opened lead open', async ({
  page,
  inbox,
  member,
}) => {
  await page.goto(INBOX_PATH);
  await expect(signInForm(page).sendCode).toBeEnabled();
  await page.keyboard.press('Tab');
  const toContent = page.getByRole('link', { name: inboxCopy.skip.content });
  await expect(toContent).toBeFocused();
  await expect(toContent).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(signInForm(page).email).toBeFocused();

  const lead = uniqueSubmission('skip');
  await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  await leadLink(page, lead.name).click();
  const opened = openedLead(page, lead.name);
  await expect(opened.getByTestId('lead-message')).toBeVisible();
  const url = page.url();

  // The keyboard at the top of the page, where a Tab from the browser's own toolbar enters it (a
  // page loaded signed in puts the focus on the list's or the lead's heading).
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  await page.keyboard.press('Tab');
  const toLeads = page.getByRole('link', { name: inboxCopy.skip.leads });
  await expect(toLeads).toBeFocused();
  await expect(toLeads).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: inboxCopy.list.label })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(leadLink(page, lead.name)).toBeFocused();
  expect(page.url()).toBe(url);
  await expect(opened.getByTestId('lead-message')).toBeVisible();
});

/**
 * A row's link is named as GOV.UK's task list names a task: by who, with their state, and
 * described by the rest a member weighs before opening (when it came, who took it, its first
 * line). The whole row's words, reference and delivery included, were its name, read on every Tab.
 */
test('a lead in the list is named by who and their state, and described by when, who took it and its first line', async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('row-name');
  const id = await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  const link = leadLink(page, lead.name);
  await expect(link).toHaveAccessibleName(
    inboxCopy.list.row(lead.name, inboxCopy.status.new, true),
  );
  const received = await leadRow(page, lead.name).locator('time').first().textContent();
  await expect(link).toHaveAccessibleDescription(
    new RegExp(`^${escapeRegExp(received!)} .*${escapeRegExp(lead.message)}$`),
  );

  await callAsMember(page, 'inbox_take', { lead_id: id });
  await callAsMember(page, 'inbox_set_status', { lead_id: id, new_status: 'replied' });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(link).toHaveAccessibleName(
    inboxCopy.list.row(lead.name, inboxCopy.status.replied, true),
  );
  await expect(link).toHaveAccessibleDescription(
    new RegExp(`${escapeRegExp(`${alertsCopy.take.takenBy(member)} ${lead.message}`)}$`),
  );
  // The whole row is still the link's target: a click in its middle, off the name, opens it.
  await leadRow(page, lead.name).click();
  await expect(openedLead(page, lead.name).getByTestId('lead-message')).toBeVisible();
  await expect(link).toHaveAccessibleName(
    inboxCopy.list.row(lead.name, inboxCopy.status.replied, false),
  );
});

test('a code typed in groups, as the form takes it, is not announced as invalid', async ({
  page,
  inbox,
  member,
}) => {
  await page.goto(INBOX_PATH);
  const form = signInForm(page);
  await form.email.fill(member);
  await form.sendCode.click();
  await expect(page.getByText(inboxCopy.signIn.sent(member))).toBeVisible();
  const code = await emailedCode(inbox.sink, member);
  await form.code.fill(`${code.slice(0, 5)} ${code.slice(5)}`);
  // A field the browser holds invalid is read as "invalid entry", before any press.
  expect(await form.code.evaluate((field: HTMLInputElement) => field.validity.valid)).toBe(true);
  await form.signIn.click();
  await expect(page.getByRole('button', { name: inboxCopy.header.signOut })).toBeVisible({
    timeout: 15_000,
  });
});
