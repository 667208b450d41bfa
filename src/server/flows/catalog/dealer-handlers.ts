import type { HoldCaps } from '../../modules/orders/hold-caps.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { cartHandlers, type CartEndpoints } from '../../modules/cart/handlers.ts';
import { browseTools } from '../../modules/catalog/listing.ts';
import { getTool, type CatalogView } from '../../modules/catalog/service.ts';
import { findMembership } from '../../modules/companies/membership.ts';
import { readDealerPricing } from '../../modules/companies/prices.ts';
import { cartForMember, dealerProduct, dealerProductDetail } from '../steps/member-pricing.ts';

// The catalogue's and the cart's calls, with a company member's answers at dealer prices.

/** A request that may be signed in: a session cookie or a bearer token (else no lookup at all). */
const SIGNED_IN = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

type CatalogDeps = {
  db: Db;
  cache: ReadCache;
  view: CatalogView;
  currentUser: (request: FastifyRequest) => Promise<CurrentUser | null>;
};

/**
 * The product list and product: public, answered from the shared read cache at list prices.
 * A signed-in member's answer is then re-priced for them alone, never written back to the
 * cache, and marked private so that no browser or proxy cache keeps it for anyone else.
 */
export function dealerCatalogHandlers({
  db,
  cache,
  view,
  currentUser,
}: CatalogDeps): Handlers<'listTools' | 'getTool'> {
  /** Who asks: looked up only when the request may be signed in. */
  async function callerOf(request: FastifyRequest) {
    if (!request.headers.authorization && !SIGNED_IN.test(request.headers.cookie ?? '')) return;
    return (await currentUser(request)) ?? undefined;
  }
  async function callerPricing(user: CurrentUser | undefined, reply: FastifyReply, ids: string[]) {
    // Admins keep the catalogue: its forms must show (and save) the list ladder, whoever they are.
    const member = user && user.role !== 'admin' ? await findMembership(db, user.id) : undefined;
    if (!member) return;
    void reply.header('cache-control', 'private, no-store');
    return readDealerPricing(db, member.companyId, ids, member);
  }
  /** The warehouse bin is the shop's own: an admin's answer (private) keeps it, no other does. */
  function binFor<T extends { bin?: string }>(user: CurrentUser | undefined, reply: FastifyReply) {
    if (user?.role === 'admin') {
      void reply.header('cache-control', 'private, no-store');
      return (product: T) => product;
    }
    return ({ bin: _bin, ...product }: T) => product as T;
  }
  return {
    listTools: async ({ query, request, reply }) => {
      const page = await browseTools(db, cache, view, query);
      const user = await callerOf(request);
      const shown = binFor<(typeof page.data)[number]>(user, reply);
      const ids = page.data.map((product) => product._id);
      const pricing = await callerPricing(user, reply, ids);
      return {
        ...page,
        data: page.data.map((product) =>
          shown(pricing ? dealerProduct(product, pricing) : product),
        ),
      };
    },
    getTool: async ({ params, request, reply }) => {
      const product = await getTool(db, cache, view, params.id);
      const user = await callerOf(request);
      const variantIds = product.family?.variants.map((variant) => variant._id) ?? [];
      const pricing = await callerPricing(user, reply, [product._id, ...variantIds]);
      return binFor<typeof product>(
        user,
        reply,
      )(pricing ? dealerProductDetail(product, pricing) : product);
    },
  };
}

/** The cart's calls, each answering the cart as the caller pays for it (see cartForMember). */
export function dealerCartHandlers({
  db,
  caps,
}: {
  db: Db;
  caps: HoldCaps;
}): Handlers<CartEndpoints> {
  const list = cartHandlers({ db });
  return {
    getCart: async (c) => cartForMember(db, c.user.id, await list.getCart(c), caps),
    setCartLine: async (c) => cartForMember(db, c.user.id, await list.setCartLine(c), caps),
    addToCartLine: async (c) => cartForMember(db, c.user.id, await list.addToCartLine(c), caps),
    addCartLines: async (c) => {
      const result = await list.addCartLines(c);
      return { ...result, cart: await cartForMember(db, c.user.id, result.cart, caps) };
    },
    removeCartLine: async (c) => cartForMember(db, c.user.id, await list.removeCartLine(c), caps),
    emptyCart: async (c) => cartForMember(db, c.user.id, await list.emptyCart(c), caps),
    quickAdd: async (c) => {
      const result = await list.quickAdd(c);
      return { ...result, cart: await cartForMember(db, c.user.id, result.cart, caps) };
    },
  };
}
