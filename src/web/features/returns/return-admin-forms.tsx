import { Form, useNavigation } from 'react-router';
import type { ReturnRequest } from '../../../contract/returns.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { FormError } from '../../components/form-fields.tsx';
import { useFormAnswer } from '../../lib/form-action.ts';

// The admin's forms on a return's page, each posting its `intent` to the page's action (with
// script or without).

function useIntent(intent: string) {
  const answer = useFormAnswer();
  const navigation = useNavigation();
  const mine = answer?.values.intent === intent ? answer : undefined;
  return {
    mine,
    pending: navigation.state === 'submitting' && navigation.formData?.get('intent') === intent,
    error: mine ? (Object.values(mine.fieldErrors)[0] ?? mine.formError) : null,
  };
}

function TextBox({
  id,
  name,
  label,
  kept,
}: {
  id: string;
  name: string;
  label: string;
  kept: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        defaultValue={kept ?? ''}
        className="textarea w-full"
        required
      />
    </div>
  );
}

export function ApproveForm({ ret }: { ret: ReturnRequest }) {
  const { mine, pending, error } = useIntent('approve');
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="id" value={ret._id} />
      <TextBox
        id="return-instructions"
        name="instructions"
        label="Where and how to send the parts"
        kept={mine?.values.instructions}
      />
      <FormError message={error} />
      <BusyButton type="submit" className="btn btn-primary self-start" pending={pending}>
        Approve return
      </BusyButton>
    </Form>
  );
}

export function RejectForm({ ret }: { ret: ReturnRequest }) {
  const { mine, pending, error } = useIntent('reject');
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="id" value={ret._id} />
      <TextBox
        id="return-reject-reason"
        name="reason"
        label="Why it is rejected"
        kept={mine?.values.reason}
      />
      <FormError message={error} />
      <BusyButton type="submit" className="btn btn-outline btn-error self-start" pending={pending}>
        Reject return
      </BusyButton>
    </Form>
  );
}

export function ReceiveForm({ ret }: { ret: ReturnRequest }) {
  const { mine, pending, error } = useIntent('receive');
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="receive" />
      <input type="hidden" name="id" value={ret._id} />
      <ul aria-label="Parts received" className="flex flex-col gap-3">
        {ret.lines.map((line) =>
          line.productId ? (
            <li
              key={line.productId}
              className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_9rem_9rem] sm:items-end"
            >
              <div>
                <p className="font-semibold wrap-anywhere">{line.name}</p>
                <p className="text-sm text-base-content/80">
                  {line.sku} · {line.quantity} asked back
                </p>
              </div>
              {(['restock', 'scrap'] as const).map((condition) => {
                const name = `${condition}:${line.productId}`;
                const id = `${condition}-${line.productId}`;
                return (
                  <div key={condition} className="flex flex-col gap-1">
                    <label htmlFor={id} className="font-medium">
                      {condition === 'restock' ? 'Back in stock' : 'Scrapped'}
                    </label>
                    <input
                      id={id}
                      name={name}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.quantity}
                      step={1}
                      defaultValue={
                        mine?.values[name] ??
                        (condition === 'restock' ? String(line.quantity) : '0')
                      }
                      className="input w-full"
                    />
                  </div>
                );
              })}
            </li>
          ) : null,
        )}
      </ul>
      <FormError message={error} />
      <BusyButton type="submit" className="btn btn-primary self-start" pending={pending}>
        Receive and refund
      </BusyButton>
    </Form>
  );
}
