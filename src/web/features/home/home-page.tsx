import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { JsonLd } from '../../lib/json-ld.tsx';
import { ensureAll, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSession } from '../../lib/session.ts';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { organization } from '../../lib/structured-data.ts';
import { BulkSteps } from './bulk-steps.tsx';
import { BusinessSummary } from './business-summary.tsx';
import { ContactSection } from './contact-section.tsx';
import { CustomerReviews } from './customer-reviews.tsx';
import { CycleTools, homeTools } from './cycle-tools.tsx';
import { FaqSection } from './faq-section.tsx';
import { Hero } from './hero.tsx';
import { HomeBlogs } from './home-blogs.tsx';
import { WhyUs } from './why-us.tsx';
import { toolsQuery } from '../catalog/api.ts';
import { blogsQuery } from '../blog/api.ts';
import { reviewsQuery } from '../reviews/api.ts';
import { contactRule } from '../contact/api.ts';
import { formAction } from '../../lib/form-action.ts';

/** The products, reviews and posts the home page's sections show. */
export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureAll(page, [
    toolsQuery(homeTools, page.call),
    reviewsQuery(page.call),
    blogsQuery(page.call),
  ]);
}

/** The contact form sent before the script took over: thanked as the app thanks, at the form. */
export const action = formAction(contactRule, (receipt) => ({
  to: '/#contact',
  toast: { kind: 'success', message: receipt.message },
}));

// Only a buyer who has signed up and not yet confirmed the address loads it.
const ConfirmEmailNotice = lazy(() =>
  import('./confirm-email-notice.tsx').then((m) => ({ default: m.ConfirmEmailNotice })),
);

export function HomePage() {
  const origin = useSiteOrigin();
  const { user } = useSession();
  return (
    <>
      <JsonLd data={organization(origin)} />
      <PageMeta
        title="Bicycle spare parts and tools in bulk"
        description="ECParts makes bicycle spare parts and workshop tools and sells them in bulk, from 10 pieces, at factory prices."
      />
      {user && !user.emailVerified && (
        <Suspense fallback={null}>
          <ConfirmEmailNotice email={user.email} />
        </Suspense>
      )}
      <Hero />
      <BusinessSummary />
      <CycleTools />
      <BulkSteps />
      <CustomerReviews />
      <WhyUs />
      <HomeBlogs />
      <FaqSection />
      <ContactSection />
    </>
  );
}
