import type { CompanyTerms } from '../../../contract/companies.ts';

/** "Net 30", or that the company pays by card. */
export const termsText = (terms: CompanyTerms) =>
  terms ? `Net ${terms.netDays}` : 'No terms (card)';
