import { PanelLeftOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, type LoaderFunctionArgs } from 'react-router';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { adminStatusQuery } from '../auth/api.ts';
import { DashboardMenu } from './dashboard-menu.tsx';

/**
 * The dashboard shell: a daisyUI drawer whose side menu stays open from large screens up and
 * slides in over the page, from a labelled button, on small ones.
 */
/** Whether the menu shows the admin's pages (the admin pages' own lists load in the browser). */
export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, (user) => [adminStatusQuery(user.email, page.call)]);
}

export function DashboardLayout() {
  // Remembering where the drawer was opened closes it on navigation without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const { pathname } = useLocation();
  const open = openAt === pathname;
  const close = () => setOpenAt(null);
  const menuRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // Keyboard users land in the menu they opened; Escape closes it and returns them.
    menuRef.current?.querySelector('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="drawer py-6 lg:drawer-open lg:gap-8">
      {/* daisyUI drives the drawer from this checkbox; the button below is the real control. */}
      <input
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        readOnly
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-w-0">
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-outline btn-sm mb-6 lg:hidden"
          aria-expanded={open}
          aria-controls="dashboard-menu"
          onClick={() => setOpenAt(pathname)}
        >
          <PanelLeftOpen size={18} aria-hidden="true" />
          Dashboard menu
        </button>
        <Outlet />
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        <button
          type="button"
          className="drawer-overlay"
          aria-label="Close side menu"
          tabIndex={-1}
          onClick={close}
        />
        <nav
          id="dashboard-menu"
          ref={menuRef}
          aria-label="Dashboard"
          className="min-h-full w-64 bg-base-200 p-4 lg:min-h-0 lg:rounded-box"
        >
          <p className="mb-2 px-3 text-sm font-semibold tracking-wide text-base-content/70 uppercase">
            Dashboard
          </p>
          <DashboardMenu />
        </nav>
      </div>
    </div>
  );
}
