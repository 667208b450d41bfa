import { lazy, Suspense } from 'react';
import { WhenVisible } from '../../components/when-visible.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { HomeSection } from './home-section.tsx';

const ContactForm = lazy(() =>
  import('../contact/contact-form.tsx').then((m) => ({ default: m.ContactForm })),
);

export function ContactSection() {
  return (
    <HomeSection
      id="contact"
      title="Contact Us"
      intro="Questions about a bulk order or a custom run? Send us a line and we answer within one working day."
    >
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <img
          src="/images/contact.svg"
          alt=""
          width={480}
          height={360}
          loading="lazy"
          decoding="async"
          className="mx-auto h-auto w-full max-w-md"
        />
        <WhenVisible fallback={<SectionSpinner label="Loading the form" />}>
          <Suspense fallback={<SectionSpinner label="Loading the form" />}>
            <ContactForm />
          </Suspense>
        </WhenVisible>
      </div>
    </HomeSection>
  );
}
