import { useMutation } from '@tanstack/react-query';
import type { ContactInput, ContactReceipt } from '../../../contract/contact.ts';
import { api } from '../../lib/api-client.ts';

export const sendContactMessage = (input: ContactInput) =>
  api<ContactReceipt>('/contact', { method: 'POST', body: input });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
