import { statSync } from 'node:fs';
import { caseStudies, caseStudiesCopy } from '../../src/content/case-studies';
import { contactCopy } from '../../src/content/contact';
import { footerColumns, footerCopy } from '../../src/content/footer';
import { hero } from '../../src/content/hero';
import { navCopy, navLinks } from '../../src/content/navigation';
import { partners, partnersCopy } from '../../src/content/partners';
import { privacyCopy } from '../../src/content/privacy';
import { services, servicesCopy } from '../../src/content/services';
import { expect, test } from './fixtures';
import { config, mailtoHref, telHref } from '../support/content';
import { expectSectionReached, openPrivacyNotice, section, visit, VIEWPORTS } from './support/site';

/** The page's own words (docs/product.md#sections), written out so a copy edit cannot drop one. */
const SPEC_STRINGS = [
  'Your Competitors Are Moving Faster Than You',
  'Stop Losing Money',
  'Fix My Business',
  'Stop Losing Customers Today',
  'See How We Fix This',
  'While You Sleep, Your Competitors Are Winning',
  'Stop Losing Money – Get My AI System',
  'Free Consultation',
  'No Setup Fees',
  'Stop Bleeding Money & Time',
  'Stop Losing Customers to Broken Websites',
  'Stop Wasting Hours on Repetitive Tasks',
  'MOST POPULAR',
  '£0 upfront £98/month',
  'Fully tailored automation systems',
  'Pre-built systems ready to deploy',
  'Stop the Revenue Leak Now',
  'Trusted by Industry Leaders',
  'Built with industry-leading platforms that power successful businesses',
  'While Others Struggle, Our Clients Thrive',
  'View Case Study',
  'Go Back',
  'Stop Losing to Competitors',
  'Every Day You Wait Costs You More',
  'Dover & Deal based team — Remote workflow',
  'Fix broken systems fast',
  'Custom solutions that actually work',
  'Never worry about tech problems',
  'Proven results, not promises',
  'Get Your Revenue Back',
  'Emergency Response',
];

/** Every word of copy the content modules hold for the page. */
const CONTENT_STRINGS = [
  hero.headline,
  hero.paragraph,
  hero.primaryCta.label,
  hero.secondaryCta.label,
  hero.card.title,
  hero.card.claim,
  hero.card.cta.label,
  ...hero.card.promises,
  ...navLinks.map((link) => link.label),
  navCopy.desktopCta,
  navCopy.mobileCta,
  servicesCopy.heading,
  servicesCopy.intro,
  servicesCopy.websiteHeading,
  servicesCopy.aiHeading,
  servicesCopy.closingCta.label,
  ...services.flatMap((s) => [
    s.title,
    s.priceText,
    s.description,
    s.ctaText,
    ...s.features,
    ...(s.subtitle ? [s.subtitle] : []),
  ]),
  partnersCopy.heading,
  partnersCopy.subtext,
  ...partners.map((partner) => partner.name),
  caseStudiesCopy.heading,
  caseStudiesCopy.intro,
  caseStudiesCopy.closingCta.label,
  ...caseStudies.flatMap((study) => [study.title, study.description, study.backDescription]),
  contactCopy.heading,
  contactCopy.pitch,
  contactCopy.location,
  ...contactCopy.sellingPoints,
  contactCopy.form.title,
  contactCopy.form.nameLabel,
  contactCopy.form.emailLabel,
  contactCopy.form.messageLabel,
  contactCopy.form.submitIdle,
  contactCopy.emergency.title,
  contactCopy.emergency.text,
  footerCopy.tagline,
  footerCopy.description,
  ...footerColumns.flatMap((column) => [column.title, ...column.links.map((l) => l.label)]),
  config.contactEmail,
  config.contactPhone,
];

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The text a crawler reads: tags and React's text separators removed, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|nbsp|#x27|#39);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ');
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

test.describe('the HTML as served, before any script runs', () => {
  test('holds every section’s words, links and form fields', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    const text = visibleText(html);

    for (const phrase of [...SPEC_STRINGS, ...CONTENT_STRINGS]) {
      expect.soft(text, `prerendered text should include “${phrase}”`).toContain(phrase);
    }
    expect(count(text, servicesCopy.popularBadge)).toBe(1);
    expect(count(text, caseStudiesCopy.viewLabel)).toBe(caseStudies.length);
    expect(count(text, caseStudiesCopy.backLabel)).toBe(caseStudies.length);
    // The year the build ran in, which the prerendered line carries: this year's would fail a
    // run that builds on 31 December and reaches this test after midnight.
    const built = statSync('dist/index.html').mtime.getFullYear();
    expect(text).toContain(footerCopy.copyright(built, config.brandName));

    for (const partner of partners) expect(html).toContain(`alt="${partner.alt}"`);
    for (const study of caseStudies) expect(html).toContain(`alt="${study.alt}"`);
    expect(html).toContain(`href="${mailtoHref}"`);
    expect(html).toContain(`href="${telHref}"`);
    for (const id of ['services', 'case-studies', 'contact']) expect(html).toContain(`id="${id}"`);
    const controls = html.match(/<(input|textarea)\b[^>]*>/g) ?? [];
    for (const field of ['name', 'email', 'message']) {
      const control = controls.find((tag) => tag.includes(`name="${field}"`));
      expect(control, `a prerendered ${field} field`).toBeDefined();
      expect(control, `the ${field} field is required by the browser`).toMatch(/\srequired\b/);
    }
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the page shows all its content and no spinner', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('loading-overlay')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: hero.headline })).toBeVisible();
    await expect(page.getByText(hero.paragraph)).toBeVisible();
    await expect(page.getByRole('link', { name: hero.primaryCta.label })).toHaveAttribute(
      'href',
      '#contact',
    );
    await expect(page.getByRole('link', { name: hero.secondaryCta.label })).toHaveAttribute(
      'href',
      '#services',
    );
    const card = page.getByRole('complementary', { name: hero.card.title });
    await expect(card.getByRole('link', { name: hero.card.cta.label })).toHaveAttribute(
      'href',
      '#contact',
    );
    for (const promise of hero.card.promises) await expect(card.getByText(promise)).toBeVisible();
  });

  test('on a phone, the hero card’s button breaks after its dash, never before it', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/');
    const button = page
      .getByRole('complementary', { name: hero.card.title })
      .getByRole('link', { name: hero.card.cta.label });
    await expect(button).toHaveText(hero.card.cta.label);
    // The label's words, line by line, by the top of each character's own box.
    const lines = await button.evaluate((link) => {
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      const byTop = new Map<number, string>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node as Text;
        for (let at = 0; at < text.data.length; at++) {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          byTop.set(top, (byTop.get(top) ?? '') + text.data[at]);
        }
      }
      // A space at a line's end has a box of its own: no line of words.
      return [...byTop.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, line]) => line.trim())
        .filter(Boolean);
    });
    // Two lines at 375 px, the dash ending the first rather than starting the second.
    expect(lines).toEqual(['Stop Losing Money –', 'Get My AI System']);
  });

  test('in-page links land on their sections, below the nav', async ({ page }) => {
    // Without scripts every section is laid out from the start, so the smooth scroll is
    // aimed by real heights, not stand-ins.
    await page.goto('/');
    await page.getByRole('link', { name: hero.primaryCta.label }).click();
    await expectSectionReached(page, '#contact');
    // Then each of the nav's, from where the one before left the page.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of navLinks) {
      await nav.getByRole('link', { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${link.href}$`));
      await expectSectionReached(page, link.href);
    }
  });

  test('scrolled down, the fixed navigation is opaque: no text shows through it', async ({
    page,
  }) => {
    // Only a script marks the bar scrolled (and glassy); without one it stayed clear, and the
    // wordmark sat on top of whatever line was passing under it.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/');
    await page.evaluate(() => window.scrollTo({ top: 2000, behavior: 'instant' }));
    const banner = page.getByRole('banner');
    const background = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
    const alpha = Number(/rgba?\((?:[^,]+,){3}\s*([\d.]+)\)/.exec(background)?.[1] ?? 1);
    expect(alpha, `the bar's background (${background})`).toBeGreaterThanOrEqual(0.75);
  });

  test('on a phone, the menu opens by its link and takes the visitor to a section; no dead control shows', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/');
    // The theme's button needs a script: not shown. The menu's is a link without one.
    await expect(page.locator('[data-theme-choice]:visible')).toHaveCount(0);
    await expect(page.getByRole('button', { name: navCopy.openMenu })).toBeHidden();
    await page.getByRole('link', { name: navCopy.openMenu }).click();
    const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: navLinks[0]!.label, exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${navLinks[0]!.href}$`));
    await expectSectionReached(page, navLinks[0]!.href);

    await page.getByRole('link', { name: navCopy.openMenu }).click();
    await menu.getByRole('link', { name: navCopy.closeMenu }).click();
    await expect(menu).toBeHidden();
  });

  test('services: two groups, five priced cards, one MOST POPULAR', async ({ page }) => {
    await page.goto('/');
    const servicesSection = section(page, servicesCopy.heading);
    await expect(servicesSection).toHaveAttribute('id', 'services');
    const groups = {
      website: servicesSection.getByRole('list', { name: servicesCopy.websiteHeading }),
      ai: servicesSection.getByRole('list', { name: servicesCopy.aiHeading }),
    };
    await expect(groups.website.getByRole('article')).toHaveCount(3);
    await expect(groups.ai.getByRole('article')).toHaveCount(2);

    for (const service of services) {
      const card = groups[service.kind].getByRole('article', { name: service.title });
      await expect(card).toBeVisible();
      await expect(card.getByText(service.priceText, { exact: true })).toBeVisible();
      await expect(card.getByText(service.description)).toBeVisible();
      if (service.subtitle) await expect(card.getByText(service.subtitle)).toBeVisible();
      const features = card.getByRole('listitem');
      await expect(features).toHaveText(service.features);
      await expect(card.getByRole('link', { name: service.ctaText })).toHaveAttribute(
        'href',
        '#contact',
      );
      await expect(card.getByText(servicesCopy.popularBadge)).toHaveCount(service.popular ? 1 : 0);
    }
    // The badge sits on the middle website card and nowhere else.
    expect(services.filter((s) => s.popular).map((s) => s.title)).toEqual([
      'Revenue Recovery System',
    ]);
    await expect(page.getByText(servicesCopy.popularBadge)).toHaveCount(1);
    await expect(
      servicesSection.getByRole('link', { name: servicesCopy.closingCta.label }),
    ).toHaveAttribute('href', '#contact');
  });

  test('partners: heading, subtext and seven named logos', async ({ page }) => {
    await page.goto('/');
    const strip = section(page, partnersCopy.heading);
    await expect(strip.getByText(partnersCopy.subtext)).toBeVisible();
    // The marquee's second copy is decorative, so assistive tech meets each logo once.
    await expect(strip.getByRole('img')).toHaveCount(partners.length);
    for (const partner of partners) {
      await expect(strip.getByRole('img', { name: partner.alt })).toHaveAttribute(
        'src',
        partner.logoUrl,
      );
    }
  });

  test('case studies: both faces of every card are readable', async ({ page }) => {
    await page.goto('/');
    const studies = section(page, caseStudiesCopy.heading);
    await expect(studies).toHaveAttribute('id', 'case-studies');
    await expect(studies.getByText(caseStudiesCopy.intro)).toBeVisible();
    await expect(studies.getByRole('article')).toHaveCount(caseStudies.length);
    for (const study of caseStudies) {
      const card = studies.getByRole('article', { name: study.title });
      await expect(card.getByRole('img', { name: study.alt })).toBeAttached();
      await expect(card.getByText(study.description)).toBeVisible();
      await expect(card.getByText(study.backDescription)).toBeVisible();
    }
    await expect(
      studies.getByRole('link', { name: caseStudiesCopy.closingCta.label }),
    ).toHaveAttribute('href', '#contact');
  });

  test('contact: details as links, selling points and the form', async ({ page }) => {
    await page.goto('/');
    const contact = section(page, contactCopy.heading);
    await expect(contact).toHaveAttribute('id', 'contact');
    await expect(contact.getByRole('link', { name: config.contactEmail })).toHaveAttribute(
      'href',
      mailtoHref,
    );
    await expect(contact.getByRole('link', { name: config.contactPhone }).first()).toHaveAttribute(
      'href',
      telHref,
    );
    await expect(contact.getByText(contactCopy.location)).toBeVisible();
    for (const point of contactCopy.sellingPoints) {
      await expect(contact.getByText(point, { exact: true })).toBeVisible();
    }
    const form = contact.getByRole('form', { name: contactCopy.form.title });
    for (const label of [
      contactCopy.form.nameLabel,
      contactCopy.form.emailLabel,
      contactCopy.form.messageLabel,
    ]) {
      await expect(form.getByLabel(label)).toBeVisible();
    }
    await expect(form.getByRole('button', { name: contactCopy.form.submitIdle })).toBeVisible();
    await expect(contact.getByRole('heading', { name: contactCopy.emergency.title })).toBeVisible();
  });

  test('footer: the three link columns exactly as the spec lists them', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // docs/product.md#sections "Footer"; Privacy Policy opens the in-page notice.
    const expected = {
      Services: [
        ['AI Automation', '#services'],
        ['Web Design', '#services'],
        ['Process Automation', '#services'],
        ['Lead Generation', '#services'],
      ],
      Company: [
        ['Case Studies', '#case-studies'],
        ['Services', '#services'],
        ['Contact', '#contact'],
        ['Privacy Policy', '#privacy'],
      ],
      Resources: [
        ['Free Consultation', '#contact'],
        ['Emergency Support', '#contact'],
        ['Portfolio', '#case-studies'],
        ['Get Started', '#services'],
      ],
    };
    for (const [column, links] of Object.entries(expected)) {
      const nav = footer.getByRole('navigation', { name: column, exact: true });
      const found = await nav
        .getByRole('link')
        .evaluateAll((anchors) =>
          anchors.map((a) => [a.textContent?.trim(), a.getAttribute('href')]),
        );
      expect(found, `footer column ${column}`).toEqual(links);
    }
    await expect(footer.getByRole('link', { name: config.contactEmail })).toHaveAttribute(
      'href',
      mailtoHref,
    );
    await expect(
      footer.getByText(footerCopy.copyright(new Date().getFullYear(), config.brandName)),
    ).toBeVisible();
  });

  test('the privacy notice opens by its link above the navigation, and closes by a link; no dead control shows', async ({
    page,
  }) => {
    // A phone held sideways: the notice, centred, starts where the fixed navigation is.
    await page.setViewportSize({ width: VIEWPORTS.phone.height, height: VIEWPORTS.phone.width });
    await page.goto('/');
    const notice = await openPrivacyNotice(page);
    // Its heading is what a tap there reaches: the fixed navigation is not drawn over it.
    const heading = notice.getByRole('heading', { name: privacyCopy.title });
    const onTop = await heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const there = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
      return there !== null && element.contains(there);
    });
    expect(onTop, 'the notice’s heading is not under the navigation').toBe(true);
    // The close button needs a script: not shown; a link closes it instead.
    await expect(notice.getByRole('button', { name: privacyCopy.close })).toBeHidden();
    await notice.getByRole('link', { name: privacyCopy.close }).click();
    await expect(notice).toBeHidden();
  });

  test('footer: from a tablet up, the three link columns stand side by side; on a phone, stacked', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const tops = () =>
      Promise.all(
        footerColumns.map(async (column) =>
          Math.round(
            (await footer
              .getByRole('navigation', { name: column.title, exact: true })
              .boundingBox())!.y,
          ),
        ),
      );
    // Stacked on a tablet they made the footer a screen and a half of one narrow column.
    for (const width of [640, VIEWPORTS.tablet.width, VIEWPORTS.desktop.width]) {
      await page.setViewportSize({ width, height: 900 });
      expect(new Set(await tops()).size, `one row of columns at ${width} px`).toBe(1);
    }
    await page.setViewportSize(VIEWPORTS.phone);
    expect(new Set(await tops()).size, 'stacked on a phone').toBe(footerColumns.length);
  });
});

test('read in a later year than it was built, the copyright line shows the current year', async ({
  page,
}) => {
  const later = new Date().getFullYear() + 1;
  await page.clock.install({ time: new Date(`${later}-01-02T10:00:00Z`) });
  await visit(page);
  await expect(
    page.getByRole('contentinfo').getByText(footerCopy.copyright(later, config.brandName)),
  ).toBeVisible();
});
