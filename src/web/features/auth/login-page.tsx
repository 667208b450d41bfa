import { PageMeta } from '../../lib/page-meta.tsx';

export function LoginPage() {
  return (
    <section className="py-16 text-center">
      <PageMeta title="Login" description="Log in to your ECParts account." />
      <h1 className="text-3xl font-bold">Login Now</h1>
      <p>Please login and explore</p>
    </section>
  );
}
