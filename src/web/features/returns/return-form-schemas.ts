import { z } from 'zod';
import {
  approveReturnInput,
  receiveReturnInput,
  rejectReturnInput,
  returnRequestInput,
} from '../../../contract/returns.ts';

// The returns forms as they post (flat fields: `qty:<productId>`, `reason:<productId>`,
// `restock:<productId>`, `scrap:<productId>`), read into the API's bodies. Loaded only when a
// form is first checked or posted, so zod stays out of the pages' first code.

const fields = z.record(z.string(), z.string());

/** The product ids that have a field starting `prefix:`, in the form's order. */
const idsOf = (f: Record<string, string>, prefix: string) =>
  Object.keys(f)
    .filter((k) => k.startsWith(`${prefix}:`))
    .map((k) => k.slice(prefix.length + 1));

/** A field's whole number of pieces; empty is none. Anything else is kept to be refused. */
const pieces = (value: string | undefined) => {
  const text = (value ?? '').trim();
  return text === '' ? 0 : Number(text);
};

type RequestBody = z.input<typeof returnRequestInput> & { orderId: string };
type ReceiveBody = z.input<typeof receiveReturnInput> & { id: string };

export const requestForm = fields
  .transform((f): RequestBody => ({
    orderId: f.orderId ?? '',
    note: f.note ?? '',
    lines: idsOf(f, 'qty')
      .map((productId) => ({
        productId,
        quantity: pieces(f[`qty:${productId}`]),
        // Checked by the schema it is piped to: a missing reason is refused there.
        reason: (f[`reason:${productId}`] ?? '') as RequestBody['lines'][number]['reason'],
      }))
      .filter((line) => line.quantity !== 0),
  }))
  .pipe(returnRequestInput.extend({ orderId: z.string().min(1) }));

export const approveForm = approveReturnInput.extend({ id: z.string().min(1) });

export const rejectForm = rejectReturnInput.extend({ id: z.string().min(1) });

export const receiveForm = fields
  .transform((f): ReceiveBody => ({
    id: f.id ?? '',
    lines: idsOf(f, 'restock').flatMap((productId) =>
      (['restock', 'scrap'] as const)
        .map((condition) => ({
          productId,
          quantity: pieces(f[`${condition}:${productId}`]),
          condition,
        }))
        .filter((line) => line.quantity !== 0),
    ),
  }))
  .pipe(receiveReturnInput.extend({ id: z.string().min(1) }));
