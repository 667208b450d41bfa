import { useParams, type LoaderFunctionArgs } from 'react-router';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { RequireAuth } from '../../components/require-auth.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formAction } from '../../lib/form-action.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSession } from '../../lib/session.ts';
import { toolQuery, useTool } from '../catalog/api.ts';
import { placeOrderRule } from './api.ts';
import { OrderForm } from './order-form.tsx';
import { ProductDetails } from './product-details.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { NotifyMeBox } from '../../components/notify-me-box.tsx';
import { offersStockAlert } from '../../../contract/stock-alert-offer.ts';
import { productPath } from '../../../contract/product-path.ts';
import type { Product } from '../../../contract/catalog.ts';
import { useNotifyMe } from '../stock-alerts/notify-me-api.ts';
import { myStockAlertsQuery } from '../stock-alerts/api.ts';

/** A search result shows about 160 characters of the description. */
const summary = (text: string, max = 160) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** A product that was never there or has been removed, or one that failed to load. */
function Unavailable({ error }: { error: Error }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <section className="flex flex-col items-center gap-6 py-24 text-center">
      <PageMeta
        title={missing ? 'Product not available' : 'Purchase'}
        description="This product could not be shown."
      />
      <h1 className="text-3xl font-bold">
        {missing ? 'This product is not available' : 'We could not load this product'}
      </h1>
      {missing ? (
        <p>
          It may have been removed from the catalogue. Our other parts and tools are in the shop.
        </p>
      ) : (
        <SectionError error={error} />
      )}
      <BackLink to={sitePaths.shop}>Back to the shop</BackLink>
    </section>
  );
}

export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [
    toolQuery(params.toolsid ?? '', page.call),
    // Whether Notify me is set, for a part out of stock.
    myStockAlertsQuery(page.call),
  ]);
}

/** Place Order sent before the script took over: placed, and on to the dashboard as the app goes. */
export const action = formAction(
  placeOrderRule,
  () => ({ to: sitePaths.dashboard, toast: { kind: 'success', message: 'Order Placed Success' } }),
  { signedIn: true },
);

function Purchase() {
  const { toolsid = '' } = useParams();
  const tool = useTool(toolsid);
  const { user } = useSession();

  if (tool.isPending) return <PageSpinner label="Loading the product" />;
  if (tool.isError) return <Unavailable error={tool.error} />;
  // RequireAuth renders this only with a user; the check keeps the types honest.
  if (!user) return null;

  const product = tool.data;
  return (
    <section className="grid gap-8 py-10 md:grid-cols-2 md:items-start">
      <PageMeta title={`Order ${product.name}`} description={summary(product.desc)} />
      <ProductDetails product={product} />
      {offersStockAlert(product) ? (
        <PurchaseNotifyMe product={product} />
      ) : (
        <OrderForm product={product} user={user} />
      )}
    </section>
  );
}

/**
 * Out of stock: Notify me in place of a Place Order that would refuse. Without the script it
 * posts to the product page's action, and comes back here.
 */
function PurchaseNotifyMe({ product }: { product: Product }) {
  const here = toPath(sitePaths.tool, { toolsid: product._id });
  return (
    <NotifyMeBox
      name={product.name}
      productId={product._id}
      control={useNotifyMe(product)}
      signInTo={here}
      postTo={{ action: productPath(product), back: here }}
    />
  );
}

export function PurchasePage() {
  return (
    <RequireAuth>
      <Purchase />
    </RequireAuth>
  );
}
