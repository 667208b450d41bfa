import { Copy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * A secret shown this once (a new API key, a webhook's signing secret): the server keeps only
 * its hash, or will not show it again, so nobody can. Copy needs the script; before it, the
 * secret is selectable text.
 */
export function ShownOnce({
  heading,
  warning,
  label,
  inputId,
  value,
  copyLabel,
  onDone,
}: {
  heading: ReactNode;
  warning: ReactNode;
  label: string;
  inputId: string;
  value: string;
  copyLabel: string;
  onDone: () => void;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <div role="status" className="alert alert-success flex flex-col items-stretch gap-2">
      <p className="font-semibold wrap-anywhere">{heading}</p>
      <p>{warning}</p>
      <label htmlFor={inputId} className="font-medium">
        {label}
      </label>
      <input
        id={inputId}
        readOnly
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        className="input w-full font-mono text-sm"
      />
      {hydrated && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm" onClick={() => void copy()}>
            <Copy size={16} aria-hidden="true" />
            {copied ? 'Copied' : copyLabel}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
            I have copied it
          </button>
        </div>
      )}
    </div>
  );
}
