/**
 * A UK limited company's trading disclosures, as the build reads them
 * (./env.ts): name, number and registered office go together, or none; the VAT
 * number only where registered.
 */
import { z } from 'zod';

/** What a UK limited company's website must show (VAT number only where registered). */
export interface CompanyDetails {
  name: string;
  number: string;
  registeredOffice: string;
  vatNumber?: string;
}

/** Companies House: eight characters, two letters (e.g. SC, NI) or digits, then six digits. */
const COMPANY_NUMBER = /^(?:[A-Z]{2}|\d{2})\d{6}$/;
/** HMRC: GB then 9 digits (12 for a branch); written with or without spaces. */
const VAT_NUMBER = /^GB(?:\d{9}|\d{12})$/;

/** Upper-cased (and, for VAT, without spaces) before the check, as a reader writes them. */
export const companyFields = {
  VITE_COMPANY_NAME: z.string().describe('any text; set with number and office').default(''),
  VITE_COMPANY_NUMBER: z
    .string()
    .transform((text) => text.toUpperCase())
    .refine((number) => COMPANY_NUMBER.test(number), {
      error: (issue) => `is not a Companies House number: "${String(issue.input).toUpperCase()}"`,
    })
    .describe('Companies House number: 8 characters, two letters or digits then six digits')
    .default(''),
  VITE_REGISTERED_OFFICE: z.string().describe('any text, on one line').default(''),
  VITE_VAT_NUMBER: z
    .string()
    .transform((text) => text.toUpperCase().replace(/\s/g, ''))
    .refine((vat) => VAT_NUMBER.test(vat), {
      error: (issue) =>
        `is not a UK VAT number: "${String(issue.input).toUpperCase().replace(/\s/g, '')}"`,
    })
    .describe('GB then 9 or 12 digits; spaces dropped')
    .default(''),
};

type CompanyFields = {
  [Name in keyof typeof companyFields]: z.output<(typeof companyFields)[Name]>;
};
type Name = keyof CompanyFields;

/** The three details go together (a company must show all three), or none. */
export function checkCompany(
  value: CompanyFields,
  complain: (name: Name, message: string) => void,
): void {
  const { VITE_COMPANY_NAME: name, VITE_COMPANY_NUMBER: number } = value;
  const given = [name, number, value.VITE_REGISTERED_OFFICE].filter(Boolean).length;
  if (given === 0 && value.VITE_VAT_NUMBER) {
    complain('VITE_VAT_NUMBER', 'VITE_VAT_NUMBER is set without VITE_COMPANY_NAME');
  }
  if (given > 0 && given < 3) {
    complain(
      'VITE_COMPANY_NAME',
      'VITE_COMPANY_NAME, VITE_COMPANY_NUMBER and VITE_REGISTERED_OFFICE go together: set all three or none',
    );
  }
}

export function companyOf(value: CompanyFields): CompanyDetails | undefined {
  const { VITE_COMPANY_NAME: name, VITE_COMPANY_NUMBER: number } = value;
  const { VITE_REGISTERED_OFFICE: registeredOffice, VITE_VAT_NUMBER: vatNumber } = value;
  if (!name) return undefined;
  return { name, number, registeredOffice, ...(vatNumber ? { vatNumber } : {}) };
}
