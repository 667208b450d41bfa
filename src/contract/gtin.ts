import { isValid } from 'gtin';
import { generateCheckDigit } from 'gtin/lib/common.js';
import { z } from 'zod';

// UPC-A, EAN-13 and GTIN-14: what a bike part's box carries (EAN-8 is for items too small for it).
const GTIN_LENGTHS = [12, 13, 14];

/** What is wrong with a GTIN as typed or scanned, or undefined when it is one. */
export function gtinProblem(code: string): string | undefined {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.includes(code.length)) {
    return `GTIN ${code}: 12, 13 or 14 digits (UPC-A, EAN-13 or GTIN-14)`;
  }
  if (isValid(code)) return undefined;
  return `GTIN ${code}: the check digit should be ${generateCheckDigit(code.slice(0, -1))}`;
}

/** The same item whatever its length: UPC-A and EAN-13 are GTIN-14 with leading zeros. */
export const gtin14 = (code: string) => code.padStart(14, '0');

export const gtinCode = z
  .string()
  .trim()
  // Scanners and people put spaces or dashes between the groups of digits.
  .transform((s) => s.replace(/[\s-]/g, ''))
  .superRefine((code, ctx) => {
    const problem = gtinProblem(code);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
