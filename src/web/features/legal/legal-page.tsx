import { PageHeading } from '../../components/page-heading.tsx';
import { legalSections } from './legal-content.ts';

export function LegalPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-10 py-10">
      <PageHeading
        title="Legal"
        description="ECParts terms of use, privacy policy and cookie policy."
        className="text-4xl font-bold"
      />
      {legalSections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="scroll-mt-20"
        >
          <h2 id={`${section.id}-heading`} className="text-2xl font-bold">
            {section.title}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
