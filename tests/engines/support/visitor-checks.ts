import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { caseStudiesCopy } from '../../../src/content/case-studies';
import { contactCopy } from '../../../src/content/contact';
import { MESSAGES } from '../../../shared/copy/contact-messages';
import { hero } from '../../../src/content/hero';
import { partnersCopy } from '../../../src/content/partners';
import { seo } from '../../../src/content/seo';
import { servicesCopy } from '../../../src/content/services';
import { themeCopy } from '../../../src/content/theme';
import { HYDRATED_ATTRIBUTE } from '../../../src/lib/hydration-marker';
import { uniqueSubmission } from '../../support/submission.ts';
import { config } from '../../support/content.ts';
import { startSiteServer } from '../../support/site-server.ts';
import { until } from '../../support/until.ts';
import { PATIENCE_MS, reportFailures, type Engine } from './engine.ts';
import {
  animationsOutOfSight,
  buttonNamed,
  cardReveals,
  hydrated,
  labelledControl,
  loadingOverlayShown,
  renderedTheme,
  scrollThroughPage,
  sectionHeadings,
  toastTexts,
} from './in-page.ts';

/** The section headings in page order (src/app.tsx composes the sections in this order). */
const SECTION_HEADINGS = [
  hero.headline,
  servicesCopy.heading,
  partnersCopy.heading,
  caseStudiesCopy.heading,
  contactCopy.heading,
];

/** The theme button's name begins "Theme:", whatever mode it shows. */
const THEME_BUTTON = themeCopy.changed('').trim();

/** A theme's canvas colour as computed styles report it: seo.themeColor is the canvas, in hex. */
function canvas(theme: 'light' | 'dark'): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(seo.themeColor[theme].slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Opens the page as a first visit and waits until its islands are armed (see tests/e2e/support/site.ts). */
async function visit(engine: Engine, server: RunningServer) {
  await engine.open(server.url);
  await until(() => engine.evaluate(hydrated, HYDRATED_ATTRIBUTE), PATIENCE_MS, 'hydration');
}

async function fillContactForm(
  engine: Engine,
  values: Record<'name' | 'email' | 'message', string>,
) {
  const { form } = contactCopy;
  await engine.type(labelledControl, form.nameLabel, values.name);
  await engine.type(labelledControl, form.emailLabel, values.email);
  await engine.type(labelledControl, form.messageLabel, values.message);
}

const storedRows = (server: RunningServer, email: string) =>
  server.query('select name, email, message from contact_submissions where email = $1', [email]);

/**
 * The same visitor's checks in any engine: the page loads, hydrates and
 * behaves, and its contact form sends and refuses as it does in Chromium.
 * Each engine gets the project's own server with a fresh database.
 */
export function describeEngine(
  name: string,
  launch: () => Promise<Engine>,
  skipReason: string | undefined,
): void {
  describe.skipIf(!!skipReason)(`${name}${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
    let server: RunningServer | undefined;
    let engine: Engine | undefined;
    const use = () => ({ server: server!, engine: engine! });

    beforeAll(async () => {
      server = await startSiteServer();
      engine = await launch();
    });
    reportFailures(() => engine);
    afterAll(async () => {
      await engine?.close();
      await server?.close();
    });

    test('the page loads: its title, every section heading, and no problem on the way', async () => {
      const { server, engine } = use();
      await visit(engine, server);
      expect(await engine.evaluate(() => document.title)).toBe(seo.title(config.brandName));
      expect(await engine.evaluate(sectionHeadings)).toEqual(SECTION_HEADINGS);
      expect(await engine.problems()).toEqual([]);
    });

    test('the page behaves: the theme button changes what is shown, and every card ends drawn', async () => {
      const { server, engine } = use();
      await visit(engine, server);
      const before = await engine.evaluate(renderedTheme);
      expect(before.background).toBe(canvas(before.theme));

      await engine.click(buttonNamed, THEME_BUTTON);
      const other = before.theme === 'light' ? 'dark' : 'light';
      await until(
        () => engine.evaluate(renderedTheme),
        PATIENCE_MS,
        `the ${other} canvas`,
        (now) => now.theme === other && now.background === canvas(other),
      );

      expect(await engine.evaluate(scrollThroughPage, PATIENCE_MS)).toBeGreaterThan(0);
      const cards = await until(
        () => engine.evaluate(cardReveals),
        PATIENCE_MS,
        'every card at full opacity',
        (reveals) => reveals.every((card) => card.opacity === '1'),
      );
      // The entrance really ran here: cards below the fold made one as their section came in view.
      expect(cards.filter((card) => card.state === 'entering').length).toBeGreaterThan(0);
      expect(await engine.problems()).toEqual([]);
    });

    test('once the spinner has left, nothing goes on moving out of sight', async () => {
      const { server, engine } = use();
      await visit(engine, server);
      await until(
        async () => !(await engine.evaluate(loadingOverlayShown)),
        PATIENCE_MS,
        'the loading overlay to leave',
      );
      // These engines cannot animate display: the overlay ends hidden, not gone, and a spinner
      // turning inside it restyled the page every frame for as long as the page stayed open.
      await until(
        () => engine.evaluate(animationsOutOfSight),
        PATIENCE_MS,
        'no animation running out of sight',
        (names) => names.length === 0,
      );
    });

    test('a visitor sends the form: thanked, and exactly one row is stored', async () => {
      const { server, engine } = use();
      await visit(engine, server);
      const values = uniqueSubmission(name.toLowerCase().replace(/\W+/g, '-'));
      await fillContactForm(engine, values);
      await engine.click(buttonNamed, contactCopy.form.submitIdle);

      await until(
        () => engine.evaluate(toastTexts),
        PATIENCE_MS,
        'the thank-you toast',
        (texts) => texts.includes(MESSAGES.sent),
      );
      expect(await storedRows(server, values.email)).toEqual([values]);
      expect(await engine.problems()).toEqual([]);
    });

    test('an address without a dot is refused with its message, and nothing is stored', async () => {
      const { server, engine } = use();
      await visit(engine, server);
      const values = { ...uniqueSubmission('invalid'), email: 'jane@example' };
      await fillContactForm(engine, values);
      await engine.click(buttonNamed, contactCopy.form.submitIdle);

      const texts = await until(
        () => engine.evaluate(toastTexts),
        PATIENCE_MS,
        'the invalid-email toast',
        (shown) => shown.length > 0,
      );
      expect(texts).toEqual([MESSAGES.invalidEmail]);
      expect(await storedRows(server, values.email)).toEqual([]);
      expect(await engine.problems()).toEqual([]);
    });
  });
}
