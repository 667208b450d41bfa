import type { ReactNode } from 'react';
import { SectionCard } from '../../components/section-card.tsx';

/** One part of Admin Settings: its heading, what it is for, its Add button and its list. */
export function SettingsPart({
  title,
  description,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  description: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <SectionCard
      title={title}
      description={description}
      action={
        <button type="button" className="btn btn-primary btn-sm" onClick={onAdd}>
          {addLabel}
        </button>
      }
    >
      {children}
    </SectionCard>
  );
}
