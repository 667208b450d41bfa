import { and, desc, eq } from 'drizzle-orm';
import type { SavedCard } from '../../../contract/saved-cards.ts';
import type { Db, Executor } from '../../db/client.ts';
import { paymentCustomers, savedCards } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { CardOnFile, PaymentProvider } from './providers/provider.ts';
import { cardExpired } from './providers/test-cards.ts';

// A buyer's kept cards. Every read and write names the account: a card id of someone else's is
// "not found", to an admin too, so nobody learns that it exists (docs/decisions/0039).

type SavedCardRow = typeof savedCards.$inferSelect;

export const presentSavedCard = (row: SavedCardRow): SavedCard => ({
  _id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  expired: cardExpired(row),
  createdAt: row.createdAt.toISOString(),
});

/** The account's cards kept with this provider (a shop that changes provider starts over). */
export const listSavedCards = (db: Executor, userId: string, provider: PaymentProvider['kind']) =>
  db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.provider, provider)))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));

/** One of the account's own cards, or 404 whoever else's it is. */
export async function ownSavedCard(
  db: Executor,
  userId: string,
  provider: PaymentProvider['kind'],
  id: string,
) {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(savedCards)
        .where(
          and(
            eq(savedCards.id, id),
            eq(savedCards.userId, userId),
            eq(savedCards.provider, provider),
          ),
        )
    : [];
  if (!row) throw notFound('Saved card');
  return row;
}

/** Forgets the card here first, then at the provider: a failure there leaves nothing to pay. */
export async function removeSavedCard(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  id: string,
) {
  const card = await ownSavedCard(db, userId, provider.kind, id);
  const [removed] = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, card.id), eq(savedCards.userId, userId)))
    .returning({ id: savedCards.id });
  if (!removed) throw notFound('Saved card');
  await provider.detachCard(card.methodRef);
  return { deleted: true as const, _id: card.id };
}

/** The account's customer at the provider, made the first time a card is kept. */
async function customerOf(db: Db, provider: PaymentProvider, user: { id: string; email: string }) {
  const mine = and(
    eq(paymentCustomers.userId, user.id),
    eq(paymentCustomers.provider, provider.kind),
  );
  const [known] = await db.select().from(paymentCustomers).where(mine);
  if (known) return known.customerRef;
  const customerRef = await provider.createCustomer({ userId: user.id, email: user.email });
  await db
    .insert(paymentCustomers)
    .values({ userId: user.id, provider: provider.kind, customerRef })
    .onConflictDoNothing();
  // Two payments kept at once: the first row written is the account's customer.
  const [now] = await db.select().from(paymentCustomers).where(mine);
  return now?.customerRef ?? customerRef;
}

/** Keeps a card a payment was made with for the account: attached at the provider, noted here. */
export async function keepCard(
  db: Db,
  provider: PaymentProvider,
  user: { id: string; email: string },
  card: CardOnFile,
) {
  const customerRef = await customerOf(db, provider, user);
  await provider.attachCard(card.methodRef, customerRef);
  await db
    .insert(savedCards)
    .values({
      userId: user.id,
      provider: provider.kind,
      methodRef: card.methodRef,
      customerRef,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    })
    .onConflictDoNothing();
}
