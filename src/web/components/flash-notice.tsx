import { useState } from 'react';
import type { Flash } from '../lib/page-context.ts';

const tone = { success: 'alert-success', error: 'alert-error', info: 'alert-info' } as const;

/**
 * The app's toast for a form that was posted before the script took over ("Order Placed
 * Success"): it came with the redirect in a one-time cookie, and the server draws it into the
 * next page, so it shows with scripts off too. The hydrated page draws the same, closable.
 */
export function FlashNotice({ flash }: { flash?: Flash }) {
  const [open, setOpen] = useState(true);
  if (!flash || !open) return null;
  return (
    <div className="toast toast-top toast-center z-50">
      <div role="status" className={`alert ${tone[flash.kind]}`}>
        <span>{flash.message}</span>
        <button type="button" className="btn btn-ghost btn-xs" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </div>
  );
}
