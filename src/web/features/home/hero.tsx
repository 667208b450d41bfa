import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="grid items-center gap-8 py-10 lg:grid-cols-2 lg:py-16"
    >
      <div className="flex flex-col items-start gap-4">
        <p className="font-semibold tracking-wide text-primary uppercase">Welcome to ECParts</p>
        <h1 id="hero-heading" className="text-4xl font-extrabold md:text-5xl">
          Bycycle spare parts
        </h1>
        <p className="text-xl">Incridible products with unbitable price</p>
        <p className="max-w-prose">
          Workshop tools and spare parts straight from the manufacturer, sold in bulk from 10 pieces
          per order.
        </p>
        <Link to={sitePaths.shop} className="btn btn-primary btn-lg mt-2">
          Get Started
          <ArrowRight size={20} aria-hidden="true" />
        </Link>
      </div>
      <img
        src="/images/hero.svg"
        alt="A bicycle surrounded by spare parts and workshop tools"
        width={560}
        height={420}
        fetchPriority="high"
        decoding="async"
        className="mx-auto h-auto w-full max-w-xl"
      />
    </section>
  );
}
