import {
  BellRing,
  Boxes,
  Building2,
  FileText,
  CircleUser,
  Download,
  ClipboardCheck,
  ClipboardList,
  Inbox,
  LayoutDashboard,
  ListChecks,
  ListPlus,
  MapPin,
  MessageSquareX,
  Plug,
  PackagePlus,
  ShoppingBag,
  ReceiptText,
  Star,
  ScrollText,
  Settings,
  Upload,
  Users,
  type LucideIcon,
  Undo2,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { useIsAdmin } from '../auth/api.ts';
import { useApprovals } from '../company/approvals-api.ts';
import { canManage, useMyCompany } from '../company/company-api.ts';
import { useOpenMessageCount } from '../messages/api.ts';
import { useSession } from '../../lib/session.ts';

type Item = {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** Drawn after the label: the inbox's unread count. */
  Badge?: () => React.ReactNode;
};

// Spec §2 "Dashboard menu": everyone has My Profile; customers and admins differ below it.
const everyone: Item[] = [{ to: sitePaths.myProfile, label: 'My Profile', icon: CircleUser }];
const customer: Item[] = [
  { to: sitePaths.myReview, label: 'My Review', icon: Star },
  { to: sitePaths.dashboard, label: 'My Orders', icon: ShoppingBag, end: true },
  // Ours: where orders are shipped and billed (issue 22).
  { to: sitePaths.myAddresses, label: 'My Addresses', icon: MapPin },
  // Ours, beside the spec's: the bulk buyer's way to fill the cart by SKU.
  { to: sitePaths.quickOrder, label: 'Quick Order', icon: ListPlus },
  // Issue 34: saved order lists, sent to the cart in one step.
  { to: sitePaths.lists, label: 'Lists', icon: ListChecks },
  // Issue 34: the parts the buyer waits for, mailed once when back in stock.
  { to: sitePaths.stockAlerts, label: 'Stock alerts', icon: BellRing },
  // Trade accounts (issue 23): quotes asked for from the cart, and the shop's answers.
  { to: sitePaths.quotes, label: 'Quotes', icon: FileText },
  // Issue 34: parts sent back, and where each return stands.
  { to: sitePaths.returns, label: 'Returns', icon: Undo2 },
];
// Trade accounts (issue 23): every customer has Company (to create one, or to see theirs); its
// owner and admins also approve orders and read the statement.
const company: Item = { to: sitePaths.company, label: 'Company', icon: Building2 };
const companyManager: Item[] = [
  { to: sitePaths.approvals, label: 'Approvals', icon: ClipboardCheck, Badge: WaitingBadge },
  { to: sitePaths.statement, label: 'Statement', icon: ReceiptText },
];
const admin: Item[] = [
  // Issue 35: the admin lands on what needs doing.
  { to: sitePaths.dashboard, label: 'Overview', icon: LayoutDashboard, end: true },
  { to: sitePaths.manageUser, label: 'Manage User', icon: Users },
  { to: sitePaths.manageAllOrders, label: 'Manage All Order', icon: ClipboardList },
  { to: sitePaths.addProduct, label: 'Add A Product', icon: PackagePlus },
  { to: sitePaths.manageProduct, label: 'Manage Product', icon: Boxes },
  { to: sitePaths.manageReviews, label: 'Manage Reviews', icon: MessageSquareX },
  { to: sitePaths.messages, label: 'Messages', icon: Inbox, Badge: OpenMessagesBadge },
  { to: sitePaths.auditTrail, label: 'Audit Trail', icon: ScrollText },
  // Ours: shop details, shipping methods and tax rates (issue 22).
  { to: sitePaths.adminSettings, label: 'Settings', icon: Settings },
  // Issue 33: API keys (and webhooks) for the wholesaler's other systems.
  { to: sitePaths.integrations, label: 'Integrations', icon: Plug },
  // Trade accounts (issue 23): the companies' terms, credit and prices, and the quotes inbox.
  { to: sitePaths.companies, label: 'Companies', icon: Building2 },
  { to: sitePaths.quotes, label: 'Quotes', icon: FileText },
  // Issue 34: the returns inbox: approve, reject and receive.
  { to: sitePaths.returns, label: 'Returns', icon: Undo2 },
  // Issue 33: products, stock counts and list prices from CSV; orders, invoices and more as CSV.
  { to: sitePaths.imports, label: 'Import', icon: Upload },
  { to: sitePaths.exports, label: 'Export', icon: Download },
];

/** The unread count beside "Messages": nothing while there is none (or it is not known yet). */
function OpenMessagesBadge() {
  const open = useOpenMessageCount().data ?? 0;
  if (open === 0) return null;
  return (
    <span className="badge badge-sm badge-neutral ml-auto">
      {open}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** How many orders wait for approval, beside "Approvals": nothing while none does. */
function WaitingBadge() {
  const waiting = useApprovals().data?.data.length ?? 0;
  if (waiting === 0) return null;
  return (
    <span className="badge badge-sm badge-warning ml-auto">
      {waiting}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

// The same highlight as the main navigation's active link.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'bg-primary font-semibold text-primary-content' : undefined;

export function DashboardMenu() {
  const { user } = useSession();
  const status = useIsAdmin(user?.email);
  // Until the server has answered, show neither set, so an admin never sees the customer's.
  const base = status.isPending ? null : status.data?.admin ? admin : customer;
  const myCompany = useMyCompany(base === customer);
  const more =
    base === customer
      ? [...customer, company, ...(canManage(myCompany.data) ? companyManager : [])]
      : base;

  return (
    <ul className="menu w-full gap-1 p-0">
      {[...everyone, ...(more ?? [])].map(({ to, label, icon: Icon, end, Badge }) => (
        <li key={to}>
          <NavLink to={to} end={end} className={linkClass}>
            <Icon size={18} aria-hidden="true" />
            {label}
            {Badge && <Badge />}
          </NavLink>
        </li>
      ))}
      {!more && (
        <li className="px-3 py-2" role="status">
          <span className="loading loading-dots loading-sm" aria-hidden="true" />
          <span className="sr-only">Loading the menu…</span>
        </li>
      )}
    </ul>
  );
}
