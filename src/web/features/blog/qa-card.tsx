import { Code } from 'lucide-react';
import { useState } from 'react';
import type { QaCard as QaCardData } from './qa-content.ts';
import { Paragraphs } from './paragraphs.tsx';

export function QaCard({ card }: { card: QaCardData }) {
  const [showCode, setShowCode] = useState(false);
  const headingId = `qa-${card.id}`;
  const panelId = `qa-${card.id}-code`;
  const sample = card.codeSample;
  return (
    <article
      id={card.id}
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body">
        <h3 id={headingId} className="card-title text-xl">
          {card.question}
        </h3>
        <Paragraphs text={card.answer} />
        {sample && (
          <div className="mt-2">
            <button
              type="button"
              className="btn btn-outline btn-primary btn-sm"
              aria-expanded={showCode}
              aria-controls={panelId}
              onClick={() => setShowCode((v) => !v)}
            >
              <Code size={16} aria-hidden="true" />
              {showCode ? 'Hide the code' : 'See the code'}
            </button>
            <figure id={panelId} hidden={!showCode} className="mt-4">
              <figcaption className="mb-2 font-semibold">{sample.title}</figcaption>
              <pre
                tabIndex={0}
                className="overflow-x-auto rounded-box bg-neutral p-4 text-sm text-neutral-content"
              >
                <code className={`language-${sample.language}`}>{sample.code}</code>
              </pre>
            </figure>
          </div>
        )}
      </div>
    </article>
  );
}
