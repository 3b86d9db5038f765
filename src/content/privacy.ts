import { SPAM_RETENTION_DAYS } from '../../shared/retention.ts';

/** Who answers for the data: the brand, or the registered company behind it when configured. */
export interface Controller {
  brand: string;
  email: string;
  phone: string;
  company?: { name: string; number: string; registeredOffice: string };
}

function controllerName({ brand, company }: Controller): string {
  if (!company) return brand;
  const trading = company.name === brand ? '' : `, trading as ${brand}`;
  return `${company.name} (company number ${company.number}${trading})`;
}

/** The in-page privacy notice (docs/product.md#ruling-privacy: UK GDPR). Contact details come from configuration. */
export const privacyCopy = {
  title: 'Privacy notice',
  close: 'Close privacy notice',
  /** retentionMonths: what the purge enforces (server/leads/retention-purge.ts), so the notice says only that. */
  sections: (controller: Controller, retentionMonths: number) => [
    {
      heading: 'Who we are',
      body: `${controllerName(controller)} is the data controller for anything you send us through this website. You can reach us about your data by email at ${controller.email} or by phone on ${controller.phone}${controller.company ? `, or by post at ${controller.company.registeredOffice}` : ''}.`,
    },
    {
      heading: 'What we collect',
      body: 'Only what you type into the contact form: your name, your email address and your message, with the time you sent it. We set no cookies and run no analytics or tracking. Your unsent draft stays in your own browser until you send it, and so does a message that could not be sent yet (it goes when the connection is back); your browser may clear that storage on its own (Safari after 7 days without a visit).',
    },
    {
      heading: 'Why',
      body: 'To reply to your enquiry and, if you ask us to, to prepare a proposal. Our lawful basis is our legitimate interest in answering people who contact us. We never sell or share your details for marketing.',
    },
    {
      heading: 'Alerts on our own devices',
      body: 'So that we answer quickly, our own phones and computers are alerted when your enquiry arrives. The alert carries your name and your enquiry’s reference (never your message) and travels through the push service of the device’s maker (Google, Apple, Mozilla or Microsoft), encrypted so that only our devices can read it.',
    },
    {
      heading: 'How long we keep it',
      body: `Your enquiry is deleted automatically ${retentionMonths === 1 ? '1 month' : `${retentionMonths} months`} after you sent it. Messages flagged as spam are deleted ${SPAM_RETENTION_DAYS} days after they were flagged.`,
    },
    {
      heading: 'Your rights',
      body: 'You can ask to see, correct or delete what we hold about you at any time, and we will act within one month. You can also complain to the Information Commissioner’s Office (ico.org.uk).',
    },
  ],
  deletionLead: 'To ask for a copy or for deletion, contact us at',
  deletionOr: 'or',
} as const;
