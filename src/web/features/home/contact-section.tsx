import { lazy } from 'react';
import { LoadWhenVisible } from '../../components/when-visible.tsx';
import { HomeSection } from './home-section.tsx';

const ContactForm = lazy(() =>
  import('./contact-form.tsx').then((m) => ({ default: m.ContactForm })),
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
        <LoadWhenVisible label="Loading the form">
          <ContactForm />
        </LoadWhenVisible>
      </div>
    </HomeSection>
  );
}
