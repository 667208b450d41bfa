import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import type { SessionUser } from '../../lib/session.ts';

const PLACEHOLDER = '/images/avatar-placeholder.svg';

export function AvatarMenu({
  user,
  signingOut = false,
  onSignOut,
}: {
  user: SessionUser | null;
  signingOut?: boolean;
  onSignOut?: () => void;
}) {
  // Remembering where the menu was opened closes it on navigation without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const open = openAt === location.pathname;
  const setOpen = (value: boolean) => setOpenAt(value ? location.pathname : null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !ref.current?.contains(event.target as Node)
      ) {
        setOpenAt(null);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        className="btn btn-ghost btn-circle avatar"
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen(!open)}
      >
        <span className="w-10 rounded-full ring-2 ring-base-300">
          <img
            key={user?.image ?? 'none'}
            src={user?.image || PLACEHOLDER}
            alt=""
            width={40}
            height={40}
            referrerPolicy="no-referrer"
            onError={(event) => {
              // A photo link that stopped working shows the placeholder, not a broken image.
              event.currentTarget.src = PLACEHOLDER;
            }}
          />
        </span>
      </button>
      {open && (
        <ul
          id="account-menu"
          className="menu absolute right-0 z-40 mt-2 w-52 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          <li>
            <Link to={sitePaths.myProfile}>Profile</Link>
          </li>
          <li>
            <Link to={sitePaths.dashboard}>Order</Link>
          </li>
          <li className="mt-1">
            {user ? (
              <button
                type="button"
                className="btn btn-sm btn-outline"
                disabled={signingOut}
                onClick={onSignOut}
              >
                {signingOut && (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                )}
                Sign Out
              </button>
            ) : (
              <Link to={sitePaths.login} className="btn btn-sm btn-primary">
                Login
              </Link>
            )}
          </li>
        </ul>
      )}
    </div>
  );
}
