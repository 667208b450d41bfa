import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { sessionKey, type SessionState } from '../../lib/session.ts';
import { cartKeys, useCart } from './api.ts';

/** "Cart, 3 lines": what a screen reader hears for the icon and its count. */
export function cartLinkLabel(lines: number | undefined) {
  if (lines === undefined) return 'Cart';
  if (lines === 0) return 'Cart, empty';
  return `Cart, ${lines} ${lines === 1 ? 'line' : 'lines'}`;
}

/** The navbar's cart icon with its line count; rendered for a signed-in user only. */
export function CartNavLink() {
  const cart = useCart();
  const queryClient = useQueryClient();
  // Sign-out forgets only the queries nobody watches, and this link still watches the cart at
  // that moment: once it goes because nobody is signed in, the next account must not see it.
  useEffect(
    () => () => {
      if (queryClient.getQueryData<SessionState>(sessionKey)?.user) return;
      queryClient.removeQueries({ queryKey: cartKeys.all });
    },
    [queryClient],
  );

  const lines = cart.data?.lines.length;
  return (
    <NavLink
      to={sitePaths.cart}
      aria-label={cartLinkLabel(lines)}
      className={({ isActive }) =>
        `btn btn-circle indicator ${isActive ? 'btn-primary' : 'btn-ghost'}`
      }
    >
      <ShoppingCart size={22} aria-hidden="true" />
      {lines ? (
        <span className="indicator-item badge badge-sm badge-secondary" aria-hidden="true">
          {lines > 99 ? '99+' : lines}
        </span>
      ) : null}
    </NavLink>
  );
}
