import { z } from 'zod';
import { dollarsToCents } from './money.ts';

/** Whether a number of dollars is a whole number of cents (floating point aside). */
export const isWholeCents = (dollars: number) =>
  Math.abs(dollarsToCents(dollars) - dollars * 100) < 1e-6;

/**
 * An amount of money as the API takes it: dollars, at least 0, at most two decimals. `label`
 * names the field in every message ("Price", "Free over").
 */
export const dollarsField = (label: string, max = 1_000_000) =>
  z
    .number({ error: `${label}: enter an amount in dollars` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most $${max.toLocaleString('en-US')}`)
    .refine(isWholeCents, `${label} has at most 2 decimals`);
