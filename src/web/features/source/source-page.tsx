import { Folder } from 'lucide-react';
import { PageMeta } from '../../lib/page-meta.tsx';
import { sourceTour } from './source-tour.ts';

const commands = [
  { label: 'Run the shop', command: 'npm ci && npm start' },
  { label: 'Run every test', command: 'npm ci && npm test' },
];

export function SourcePage() {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 py-10">
      <PageMeta
        title="Source code"
        description="A tour of the ECParts source code: shared contract, server, web app, migrations, tests and benchmarks."
      />
      <header>
        <h1 className="text-4xl font-bold">Source code</h1>
        <p className="mt-3 text-lg">
          ECParts is one TypeScript project: a Fastify API and a React app that share a single
          contract. Here is where everything lives.
        </p>
      </header>
      {sourceTour.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h2 className="text-2xl font-bold">{group.title}</h2>
          <dl className="mt-4 flex flex-col gap-4">
            {group.folders.map((folder) => (
              <div key={folder.path} className="rounded-box border border-base-300 p-4">
                <dt className="flex items-center gap-2 font-mono font-semibold">
                  <Folder size={18} className="text-primary" aria-hidden="true" />
                  {folder.path}
                </dt>
                <dd className="mt-1">{folder.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <section aria-labelledby="run-it">
        <h2 id="run-it" className="text-2xl font-bold">
          How to run it
        </h2>
        <p className="mt-3">
          You need Node.js 20.19 or newer. The embedded database and demo data need no setup.
        </p>
        <ul className="mt-4 flex flex-col gap-4">
          {commands.map(({ label, command }) => (
            <li key={command}>
              <p className="font-semibold">{label}</p>
              <pre className="mt-1 overflow-x-auto rounded-box bg-neutral p-4 text-neutral-content">
                <code>{command}</code>
              </pre>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
