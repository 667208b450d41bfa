import { PageMeta } from '../../lib/page-meta.tsx';

export function SignupPage() {
  return (
    <section className="py-16 text-center">
      <PageMeta title="Sign Up" description="Create your ECParts account." />
      <h1 className="text-3xl font-bold">Sign Up</h1>
      <p>Join our community and explore</p>
    </section>
  );
}
