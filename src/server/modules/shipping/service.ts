import {
  kgText,
  rateInCents,
  rateInDollars,
  type ShippingMethod,
  type ShippingMethodCents,
  type ShippingMethodInput,
} from '../../../contract/shipping-rules.ts';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { auditedRows } from '../../audit/audited-rows.ts';
import type { AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import {
  deleteShippingMethod,
  insertShippingMethod,
  listShippingMethods,
  updateShippingMethod,
  type ShippingMethodValues,
} from './repository.ts';

export const toShippingMethod = (m: ShippingMethodCents): ShippingMethod => ({
  _id: m.id,
  name: m.name,
  countries: m.countries,
  rate: rateInDollars(m.rate),
  freeOver: m.freeOverCents === null ? null : centsToDollars(m.freeOverCents),
  freeOverUpToGrams: m.freeOverUpToGrams,
  deliveryDays: m.deliveryDays,
});

const toValues = (input: ShippingMethodInput): ShippingMethodValues => ({
  name: input.name,
  countries: input.countries,
  rate: rateInCents(input.rate),
  freeOverCents: input.freeOver === null ? null : dollarsToCents(input.freeOver),
  freeOverUpToGrams: input.freeOverUpToGrams,
  deliveryMinDays: input.deliveryDays.min,
  deliveryMaxDays: input.deliveryDays.max,
});

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

/** "$9.50 flat", "3 weight bands" or "3 weight bands, then $1.20 a kg". */
const rateText = (rate: ShippingMethodCents['rate']) =>
  rate.kind === 'flat'
    ? `${dollars(rate.priceCents)} flat`
    : `${rate.bands.length} weight bands${rate.perKgAboveCents == null ? '' : `, then ${dollars(rate.perKgAboveCents)} a kg`}`;

/** ", free over $500.00" and, when limited, " up to 40 kg". */
const freeText = (m: ShippingMethodCents) =>
  m.freeOverCents === null
    ? ''
    : `, free over ${dollars(m.freeOverCents)}${m.freeOverUpToGrams === null ? '' : ` up to ${kgText(m.freeOverUpToGrams)}`}`;

/** What the audit trail says a method charges. */
const describe = (m: ShippingMethodCents) =>
  rateText(m.rate) +
  freeText(m) +
  `, to ${m.countries.includes('*') ? 'all countries' : m.countries.join(' ')}`;

export async function allShippingMethods(db: Db) {
  return { data: (await listShippingMethods(db)).map(toShippingMethod) };
}

const methods = auditedRows({
  what: 'Shipping method',
  targetType: 'shipping_method',
  insert: insertShippingMethod,
  update: updateShippingMethod,
  remove: deleteShippingMethod,
  summaries: {
    create: (m) => `Added the shipping method ${m.name}: ${describe(m)}`,
    update: (m) => `Changed the shipping method ${m.name}: ${describe(m)}`,
    delete: (m) => `Removed the shipping method ${m.name}`,
  },
});

export async function addShippingMethod(db: Db, admin: AuditActor, input: ShippingMethodInput) {
  return toShippingMethod(await methods.add(db, admin, toValues(input)));
}

export async function changeShippingMethod(
  db: Db,
  admin: AuditActor,
  id: string,
  input: ShippingMethodInput,
) {
  return toShippingMethod(await methods.change(db, admin, id, toValues(input)));
}

/** Orders placed with it keep its name and price: they hold copies, not a reference. */
export async function removeShippingMethod(db: Db, admin: AuditActor, id: string) {
  const removed = await methods.remove(db, admin, id);
  return { deleted: true as const, _id: removed.id };
}
