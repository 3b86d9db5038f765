import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inboxCopy } from '../../../src/content/inbox';
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
import { buttonNamed, labelledControl } from './in-page.ts';

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
 * emailed to a local SMTP server, and sees the list of leads.
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

    test('a member signs in with the emailed code and sees the list', async () => {
      const lead = uniqueSubmission('engine');
      await addLead(inbox!.server, lead);
      const member = await newMember(inbox!.server, 'engine');
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
      expect(await engine!.problems()).toEqual([]);
    });
  });
}
