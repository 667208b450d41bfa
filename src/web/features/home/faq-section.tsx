import { lazy } from 'react';
import { LoadWhenVisible } from '../../components/when-visible.tsx';
import { HomeSection } from './home-section.tsx';

// At the foot of the page: its questions come after the first paint.
const FaqList = lazy(() => import('./faq-list.tsx').then((m) => ({ default: m.FaqList })));

export function FaqSection() {
  return (
    <HomeSection id="faq" title="Questions and answers">
      <LoadWhenVisible label="Loading questions">
        <FaqList />
      </LoadWhenVisible>
    </HomeSection>
  );
}
