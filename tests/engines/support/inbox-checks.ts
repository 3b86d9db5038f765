import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inboxCopy } from '../../../src/content/inbox';
import { clockCopy } from '../../../src/content/lead-clocks';
import {
  addLead,
  emailedCode,
  newMember,
  startInboxServer,
  type InboxServer,
} from '../../support/inbox-server.ts';
import { uniqueSubmission } from '../../support/submission.ts';
import { until } from '../../support/until.ts';
import { PATIENCE_MS, reportFailures, type Engine } from './engine.ts';
import { buttonNamed, controlBox, labelledControl } from './in-page.ts';
import { fillColour } from './pixels.ts';

/** Runs in the page: whether the button named `name` has hydrated (it is disabled before). */
function buttonReady(name: string): boolean {
  const button = [...document.querySelectorAll('button')].find(
    (element) => element.textContent?.trim() === name,
  );
  return !!button && !button.disabled;
}

/** Runs in the page: the names in the list of leads. */
function listedText(): string {
  return document.querySelector('main ul')?.textContent ?? '';
}

/**
 * The inbox in another engine: a member signs in with the code our server
 * emailed to a local SMTP server, and sees the list of leads drawn as in Chromium.
 */
export function describeInbox(
  name: string,
  launch: () => Promise<Engine>,
  skipReason: string | undefined,
): void {
  describe.skipIf(!!skipReason)(`${name}${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
    let inbox: InboxServer | undefined;
    let engine: Engine | undefined;

    beforeAll(async () => {
      inbox = await startInboxServer();
      engine = await launch();
    });
    reportFailures(() => engine);
    afterAll(async () => {
      await engine?.close();
      await inbox?.close();
    });

    /** Signs in as a new member, as a member does, and waits for the list with `lead` in it. */
    const signInAndList = async (tag: string) => {
      const lead = uniqueSubmission(tag);
      await addLead(inbox!.server, lead);
      const member = await newMember(inbox!.server, tag);
      const { signIn } = inboxCopy;

      await engine!.open(`${inbox!.server.url}/inbox/`);
      await until(() => engine!.evaluate(buttonReady, signIn.sendCode), PATIENCE_MS, 'hydration');
      await engine!.type(labelledControl, signIn.email, member);
      await engine!.click(buttonNamed, signIn.sendCode);
      const code = await emailedCode(inbox!.sink, member);
      await engine!.type(labelledControl, signIn.code, code);
      await engine!.click(buttonNamed, signIn.signIn);

      await until(
        () => engine!.evaluate(listedText),
        PATIENCE_MS,
        `the list with ${lead.name}`,
        (text) => text.includes(lead.name),
      );
    };

    test('a member signs in with the emailed code and sees the list', async () => {
      await signInAndList('engine');
      expect(await engine!.problems()).toEqual([]);
    });

    test("the list's menus are drawn as its search field is, not as the system's buttons", async () => {
      await signInAndList('menus');
      /**
       * The fill of the control labelled `label`, as drawn on screen once the drawing has
       * settled: two screenshots agree and the control stayed where it was measured. Under load
       * one screenshot sampled the page's canvas where the control was about to be drawn.
       */
      const fill = (label: string) =>
        until(
          async () => {
            const box = await engine!.evaluate(controlBox, label);
            const first = await fillColour(await engine!.screenshot(), box);
            const second = await fillColour(await engine!.screenshot(), box);
            const still = await engine!.evaluate(controlBox, label);
            return first === second && JSON.stringify(still) === JSON.stringify(box) ? first : '';
          },
          PATIENCE_MS,
          `${label} to stay still for a screenshot`,
          Boolean,
        );
      const field = await fill(inboxCopy.search.label);
      // WebKit painted its own grey button over a select's background, in either theme.
      for (const menu of [inboxCopy.statusFilter.label, clockCopy.sort.label]) {
        expect(await fill(menu), menu).toBe(field);
      }
    });
  });
}
