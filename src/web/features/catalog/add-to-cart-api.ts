import { useLocation, useNavigate, type NavigateFunction } from 'react-router';
import type { Product } from '../../../contract/catalog.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useSession, type AuthRedirectState } from '../../lib/session.ts';
import { useAddToCart } from '../cart/api.ts';

/** The toast after an add: what went in, and a way to the cart. */
export function notifyAddedToCart(navigate: NavigateFunction, name: string, quantity: number) {
  notify('success', `Added ${quantity} × ${name} to your cart.`, {
    label: 'View cart',
    run: () => void navigate(sitePaths.cart),
  });
}

/**
 * Add to cart on a product card: the product's minimum, on top of what the cart holds. A
 * signed-out visitor goes to /login first and comes back to the same list.
 */
export function useCardAddToCart() {
  const { user } = useSession();
  const add = useAddToCart();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();

  const addMinimum = (tool: Product) => {
    if (!user) {
      const state: AuthRedirectState = { from: { pathname, search, hash } };
      void navigate(sitePaths.login, { state });
      return;
    }
    add.mutate(
      { productId: tool._id, quantity: tool.moq },
      {
        onSuccess: () => notifyAddedToCart(navigate, tool.name, tool.moq),
        onError: (error) => notify('error', `${tool.name}: ${errorMessage(error)}`),
      },
    );
  };

  return {
    add: addMinimum,
    /** The product being added right now, if any. */
    addingId: add.isPending ? (add.variables?.productId ?? null) : null,
  };
}
