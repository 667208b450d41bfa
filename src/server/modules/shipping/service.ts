import {
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
  deliveryDays: m.deliveryDays,
});

const toValues = (input: ShippingMethodInput): ShippingMethodValues => ({
  name: input.name,
  countries: input.countries,
  rate: rateInCents(input.rate),
  freeOverCents: input.freeOver === null ? null : dollarsToCents(input.freeOver),
  deliveryMinDays: input.deliveryDays.min,
  deliveryMaxDays: input.deliveryDays.max,
});

/** What the audit trail says a method charges: "$9.50 flat" or "3 weight bands". */
const describe = (m: ShippingMethodCents) =>
  `${m.rate.kind === 'flat' ? `${formatDollars(centsToDollars(m.rate.priceCents))} flat` : `${m.rate.bands.length} weight bands`}` +
  `${m.freeOverCents === null ? '' : `, free over ${formatDollars(centsToDollars(m.freeOverCents))}`}` +
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
