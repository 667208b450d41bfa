import { z } from 'zod';

export const contactInput = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(100, 'Name is too long'),
  email: z.email('Please enter a valid email').max(254),
  message: z
    .string()
    .trim()
    .min(1, 'Please write a message')
    .max(5000, 'Message is too long (5000 characters at most)'),
});
export type ContactInput = z.infer<typeof contactInput>;

export const contactReceipt = z.object({ _id: z.string(), message: z.string() });
export type ContactReceipt = z.infer<typeof contactReceipt>;
