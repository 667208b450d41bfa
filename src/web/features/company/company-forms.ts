import { z } from 'zod';
import { createCompanyInput, inviteInput } from '../../../contract/companies.ts';

// The company's forms as a page posts them before the script took over (text fields and a
// checkbox), checked by the contract's own rules. Loaded when a form is first checked.

/** A checkbox as a form sends it: 'on' when ticked, absent when not (or a boolean from script). */
const checkbox = z
  .union([z.boolean(), z.string().max(10)])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');

export const createCompanyForm = createCompanyInput.extend({ poRequired: checkbox });
export type CreateCompanyForm = z.output<typeof createCompanyForm>;

/** Empty means no limit; anything else is dollars, checked by the contract's rule. */
const optionalDollars = <T extends z.ZodType>(rule: T) =>
  z.preprocess(
    (value) =>
      value === undefined || value === ''
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    rule,
  );

export const inviteForm = z.object({
  email: inviteInput.shape.email,
  role: inviteInput.shape.role,
  spendingLimit: optionalDollars(inviteInput.shape.spendingLimit),
});
export type InviteForm = z.output<typeof inviteForm>;
