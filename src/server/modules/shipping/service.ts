import {
  rateInCents,
  rateInDollars,
  type ShippingMethod,
  type ShippingMethodCents,
  type ShippingMethodInput,
} from '../../../contract/shipping-rules.ts';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
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

export async function addShippingMethod(db: Db, admin: AuditActor, input: ShippingMethodInput) {
  const method = await db.transaction(async (tx) => {
    const added = await insertShippingMethod(tx, toValues(input));
    await recordAudit(tx, admin, {
      action: 'shipping_method.create',
      targetType: 'shipping_method',
      targetId: added.id,
      summary: `Added the shipping method ${added.name}: ${describe(added)}`,
    });
    return added;
  });
  return toShippingMethod(method);
}

export async function changeShippingMethod(
  db: Db,
  admin: AuditActor,
  id: string,
  input: ShippingMethodInput,
) {
  const method = isUuid(id)
    ? await db.transaction(async (tx) => {
        const changed = await updateShippingMethod(tx, id, toValues(input));
        if (changed) {
          await recordAudit(tx, admin, {
            action: 'shipping_method.update',
            targetType: 'shipping_method',
            targetId: changed.id,
            summary: `Changed the shipping method ${changed.name}: ${describe(changed)}`,
          });
        }
        return changed;
      })
    : undefined;
  if (!method) throw notFound('Shipping method');
  return toShippingMethod(method);
}

/** Orders placed with it keep its name and price: they hold copies, not a reference. */
export async function removeShippingMethod(db: Db, admin: AuditActor, id: string) {
  const removed = isUuid(id)
    ? await db.transaction(async (tx) => {
        const gone = await deleteShippingMethod(tx, id);
        if (gone) {
          await recordAudit(tx, admin, {
            action: 'shipping_method.delete',
            targetType: 'shipping_method',
            targetId: gone.id,
            summary: `Removed the shipping method ${gone.name}`,
          });
        }
        return gone;
      })
    : undefined;
  if (!removed) throw notFound('Shipping method');
  return { deleted: true as const, _id: removed.id };
}
