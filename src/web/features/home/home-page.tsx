import { JsonLd } from '../../lib/json-ld.tsx';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { organization } from '../../lib/structured-data.ts';
import { BulkSteps } from './bulk-steps.tsx';
import { BusinessSummary } from './business-summary.tsx';
import { ContactSection } from './contact-section.tsx';
import { CustomerReviews } from './customer-reviews.tsx';
import { CycleTools } from './cycle-tools.tsx';
import { FaqSection } from './faq-section.tsx';
import { Hero } from './hero.tsx';
import { HomeBlogs } from './home-blogs.tsx';
import { WhyUs } from './why-us.tsx';

export function HomePage() {
  const origin = useSiteOrigin();
  return (
    <>
      <JsonLd data={organization(origin)} />
      <PageMeta
        title="Bicycle spare parts and tools in bulk"
        description="ECParts makes bicycle spare parts and workshop tools and sells them in bulk, from 10 pieces, at factory prices."
      />
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
