import { useMutation } from '@tanstack/react-query';
import type { ContactInput, ContactReceipt } from '../../../contract/contact.ts';
import { authApi, call } from '../../lib/api-client.ts';
import type { FormRule } from '../../lib/form-action.ts';

/** The contact form's one rule (lib/form-action.ts): the home page's action submits it too. */
export const contactRule: FormRule<ContactInput, ContactReceipt> = {
  schema: async () => (await import('../../../contract/contact.ts')).contactInput,
  submit: (api, input) => api.call('POST /api/contact', { body: input }),
};

export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (input: ContactInput) => contactRule.submit({ call, authApi }, input),
  });
