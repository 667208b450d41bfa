import { data, redirect, useActionData, type ActionFunctionArgs } from 'react-router';
import type { OwnLadderEdit } from '../../../contract/company-price-table.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { pageOf } from '../../lib/page-context.ts';
import { companyKeys, setProductPrice } from './api.ts';

/** A row the action refused: which, what was typed, and why. */
export type RowAnswer = {
  productId: string;
  minQuantity: string[];
  price: string[];
  message: string;
};

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');
const texts = (fields: FormData, name: string) => fields.getAll(name).map(text);

/** "tiers.1.price: …" as the person reads it: "Tier 2 unit price: …". */
const readable = (message: string) =>
  message.replace(
    /^tiers\.(\d+)\.(minQuantity|price): /,
    (_, i: string, field: string) =>
      `Tier ${Number(i) + 1} ${field === 'price' ? 'unit price' : 'quantity'}: `,
  );

/** The rungs typed, in order; a rung left wholly blank is no rung. */
function tiersOf(quantities: string[], prices: string[]) {
  return quantities.flatMap((quantity, i) => {
    const price = prices[i] ?? '';
    if (quantity.trim() === '' && price.trim() === '') return [];
    return [{ minQuantity: Number(quantity), price: Number(price) }];
  });
}

function ladderSeen(value: string): OwnLadderEdit['tiersWas'] {
  try {
    const parsed: unknown = JSON.parse(value || 'null');
    return Array.isArray(parsed) ? (parsed as OwnLadderEdit['tiersWas']) : null;
  } catch {
    return null;
  }
}

/**
 * One row of the table saved (intent `save`) or set back to the list price (`clear`), with or
 * without script: the same action sends the row's PUT, naming the own ladder it was edited
 * from, then goes back to the table as it was (303, the row closed). A refusal (a bad tier, a
 * row changed meanwhile: 409) draws the row again with what was typed and the API's sentence.
 */
export async function priceRowAction({ request, params, context }: ActionFunctionArgs) {
  const page = pageOf(context);
  const fields = await request.formData();
  const companyId = params.companyid ?? '';
  const productId = text(fields.get('productId'));
  const sku = text(fields.get('sku'));
  const minQuantity = texts(fields, 'minQuantity');
  const price = texts(fields, 'price');
  const clear = text(fields.get('intent')) === 'clear';
  try {
    await setProductPrice(
      companyId,
      productId,
      {
        tiers: clear ? null : tiersOf(minQuantity, price),
        tiersWas: ladderSeen(text(fields.get('tiersWas'))),
      },
      page.call,
    );
    await page.queryClient.invalidateQueries({ queryKey: companyKeys.all });
    const message = clear
      ? `${sku} is back at the list price.`
      : `The dealer price of ${sku} is saved.`;
    if (page.flash) page.flash({ kind: 'success', message });
    else notify('success', message);
    const back = new URL(request.url);
    back.searchParams.delete('edit');
    return redirect(`${back.pathname}${back.search}`, 303);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<RowAnswer>(
      { productId, minQuantity, price, message: readable(errorMessage(error)) },
      { status: error.status || 500 },
    );
  }
}

/** The refusal of this row's form, if it was this one's. */
export function useRowAnswer(productId: string) {
  const answer = useActionData<RowAnswer | undefined>();
  return answer?.productId === productId ? answer : undefined;
}
