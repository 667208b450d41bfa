import { Copy } from 'lucide-react';
import { useState } from 'react';
import type { CreatedApiKey } from '../../../contract/api-keys.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * A new key, shown this once: the server keeps only its hash, so nobody can show it again.
 * Copy needs the script; before it, the key is selectable text.
 */
export function ShownOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  };
  return (
    <div role="status" className="alert alert-success flex flex-col items-stretch gap-2">
      <p className="font-semibold">The key {created.name} is made.</p>
      <p>
        <strong>Copy it now: it is not shown again.</strong> Only a hash of it is stored.
      </p>
      <label htmlFor="new-key" className="font-medium">
        Your new API key
      </label>
      <input
        id="new-key"
        readOnly
        value={created.key}
        onFocus={(event) => event.currentTarget.select()}
        className="input w-full font-mono text-sm"
      />
      <div className="flex flex-wrap gap-2">
        {hydrated && (
          <button type="button" className="btn btn-sm" onClick={() => void copy()}>
            <Copy size={16} aria-hidden="true" />
            {copied ? 'Copied' : 'Copy the key'}
          </button>
        )}
        {hydrated && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
            I have copied it
          </button>
        )}
      </div>
    </div>
  );
}
