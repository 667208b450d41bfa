import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../../contract/contact.ts';
import { call } from '../../lib/api-client.ts';

export const sendContactMessage = (input: ContactInput) =>
  call('POST /api/contact', { body: input });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
