import { Menu, Search, X } from 'lucide-react';
import { Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { useAccessTokenGuard, useSignOut } from '../../lib/session-shell.ts';
import { useSession } from '../../lib/session.ts';
import { AvatarMenu } from './avatar-menu.tsx';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium ${isActive ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`;

/**
 * `signedInActions` sits beside the avatar for a signed-in user only: the app shell fills it
 * (the cart), since shared components reach no feature and it must not load for visitors.
 */
export function Navbar({ signedInActions }: { signedInActions?: ReactNode }) {
  const { user, isPending } = useSession();
  const { signOut, pending: signingOut } = useSignOut();
  useAccessTokenGuard(user);
  // Remembering where the menu was opened closes it on navigation without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const location = useLocation();
  const open = openAt === location.pathname;
  const setOpen = (value: boolean) => setOpenAt(value ? location.pathname : null);

  const links = (
    <>
      <li>
        <NavLink to={sitePaths.home} end className={linkClass}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to={sitePaths.shop} className={linkClass}>
          Shop
        </NavLink>
      </li>
      <li>
        <NavLink to={sitePaths.blog} className={linkClass}>
          Blog
        </NavLink>
      </li>
      <li>
        <NavLink to={sitePaths.portfolio} className={linkClass}>
          My Portfolio
        </NavLink>
      </li>
      {/* Neither while the session loads, so a signed-in user never sees Login flash by. */}
      {isPending ? null : user ? (
        <li>
          <NavLink to={sitePaths.dashboard} className={linkClass}>
            Dashboard
          </NavLink>
        </li>
      ) : (
        <li>
          <NavLink to={sitePaths.login} className={linkClass}>
            Login
          </NavLink>
        </li>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-2"
        aria-label="Main"
      >
        <button
          type="button"
          className="btn btn-ghost btn-square lg:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen(!open)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <Link to={sitePaths.home} className="shrink-0" aria-label="ECParts home">
          <img
            src="/images/logo.svg"
            alt="ECParts"
            width={160}
            height={40}
            className="h-9 w-auto"
          />
        </Link>
        <ul className="ml-4 hidden items-center gap-1 lg:flex">{links}</ul>
        <SearchBox />
        <div className="ml-auto flex items-center gap-2 sm:ml-0">
          {/* Gone as soon as sign-out starts: a cart icon whose code arrives after the session
              has ended would ask for the cart and be refused (401). */}
          {user && !signingOut && signedInActions && (
            // Holds the slot's room while its code loads, so the bar does not shift.
            <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
              {signedInActions}
            </Suspense>
          )}
          <AvatarMenu user={user} signingOut={signingOut} onSignOut={() => void signOut()} />
        </div>
      </nav>
      {open && (
        <ul id="mobile-menu" className="menu w-full gap-1 border-t border-base-300 p-2 lg:hidden">
          {links}
        </ul>
      )}
    </header>
  );
}

function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const current = location.pathname === sitePaths.shop ? (params.get('q') ?? '') : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = inputRef.current?.value.trim() ?? '';
    navigate(q ? `${sitePaths.shop}?q=${encodeURIComponent(q)}` : sitePaths.shop);
  };

  return (
    // On a phone the box takes a row of its own under the bar rather than being hidden.
    // A plain GET to /shop?q= until the script has loaded; then it navigates in the app.
    <form
      role="search"
      method="get"
      action={sitePaths.shop}
      onSubmit={submit}
      className="order-last basis-full sm:order-none sm:ml-auto sm:basis-auto"
    >
      <label className="input input-sm w-full sm:w-56">
        <span className="label">Search</span>
        <input
          key={current}
          ref={inputRef}
          type="search"
          name="q"
          defaultValue={current}
          placeholder="chain, pads…"
          maxLength={100}
        />
        <button type="submit" className="cursor-pointer" aria-label="Search products">
          <Search className="h-4 w-4" aria-hidden="true" />
        </button>
      </label>
    </form>
  );
}
