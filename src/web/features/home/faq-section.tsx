import { faqs } from './home-content.ts';
import { HomeSection } from './home-section.tsx';

export function FaqSection() {
  return (
    <HomeSection id="faq" title="Questions and answers">
      <div className="mx-auto flex max-w-3xl flex-col gap-3">
        {faqs.map((faq) => (
          <details
            key={faq.question}
            className="collapse collapse-arrow border border-base-300 bg-base-100"
          >
            <summary className="collapse-title font-semibold">{faq.question}</summary>
            <div className="collapse-content">
              <p>{faq.answer}</p>
            </div>
          </details>
        ))}
      </div>
    </HomeSection>
  );
}
