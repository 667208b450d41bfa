import { useLocation, useNavigate, type NavigateFunction } from 'react-router';
import type { Product } from '../../../contract/catalog.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { signInPath } from '../../lib/sign-in-path.ts';
import { useAddToCart } from '../cart/api.ts';

/** The toast after an add: what went in, and a way to the cart. */
export function notifyAddedToCart(navigate: NavigateFunction, name: string, quantity: number) {
  notify('success', `Added ${quantity} × ${name} to your cart.`, {
    label: 'View cart',
    run: () => void navigate(sitePaths.cart),
  });
}

/**
 * Add to cart on a product card or page: the quantity chosen (a card: the product's minimum),
 * on top of what the cart holds. A signed-out visitor is sent to sign in, told that ordering
 * needs it, and comes back to the same page.
 */
export function useCardAddToCart() {
  const { user } = useSession();
  const add = useAddToCart();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();

  const addToCart = (tool: Product, quantity = tool.moq) => {
    if (!user) {
      void navigate(signInPath(`${pathname}${search}${hash}`, 'order'));
      return;
    }
    add.mutate(
      { productId: tool._id, quantity },
      {
        onSuccess: () => notifyAddedToCart(navigate, tool.name, quantity),
        onError: (error) => notify('error', `${tool.name}: ${errorMessage(error)}`),
      },
    );
  };

  return {
    add: addToCart,
    /** The product being added right now, if any. */
    addingId: add.isPending ? (add.variables?.productId ?? null) : null,
  };
}
