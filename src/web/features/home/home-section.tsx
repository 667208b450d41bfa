import type { ReactNode } from 'react';

export function HomeSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20 py-12">
      <header className="mb-8 text-center">
        <h2 id={headingId} className="text-3xl font-bold">
          {title}
        </h2>
        {intro && <p className="mx-auto mt-2 max-w-2xl">{intro}</p>}
      </header>
      {children}
    </section>
  );
}
