import type { ReactNode } from 'react';

/** The centred card the login, sign-up and password pages share. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <section className="flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-lg">
        <div className="card-body gap-4">
          <header className="text-center">
            <h1 className="text-3xl font-bold">{title}</h1>
            <p className="mt-1 text-base-content/80">{subtitle}</p>
          </header>
          {children}
        </div>
      </div>
    </section>
  );
}

const tones = {
  success: 'border-success/50 bg-success/10',
  info: 'border-info/50 bg-info/10',
};

/** A readable notice (daisyUI's soft alerts are too pale for body text). */
export function Notice({
  tone,
  icon,
  children,
}: {
  tone: keyof typeof tones;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role="status" className={`flex items-start gap-3 rounded-box border p-4 ${tones[tone]}`}>
      {icon}
      <p>{children}</p>
    </div>
  );
}
