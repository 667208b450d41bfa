import { bulkSteps } from './home-content.ts';
import { HomeSection } from './home-section.tsx';

export function BulkSteps() {
  return (
    <HomeSection id="bulk" title="How bulk ordering works">
      <ol className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4">
        {bulkSteps.map((step, index) => (
          <li key={step.title} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body">
              <span
                className="flex h-10 w-10 items-center justify-center rounded-full bg-primary font-bold text-primary-content"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="card-title">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
