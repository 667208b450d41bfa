import { useState, type FormEvent } from 'react';
import { useActionData } from 'react-router';
import {
  apiScopes,
  apiScopeText,
  type ApiKeySummary,
  type CreatedApiKey,
} from '../../../contract/api-keys.ts';
import { ConfirmModal, Details } from '../../components/confirm-modal.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { dayText, momentText } from '../../lib/order-text.ts';
import { revokedText, type KeyAnswer } from './api-keys-actions.ts';
import { keyInputOf, useApiKeys, useCreateApiKey, useRevokeApiKey } from './api-keys-api.ts';
import { CreateForm } from './create-form.tsx';
import { ShownOnce } from './shown-once.tsx';

/** The form's answer from the page's action, when it was this section's create form. */
const useKeyAnswer = () => {
  const answer = useActionData<KeyAnswer | undefined>();
  return answer?.intent === 'create-key' ? answer : undefined;
};

/** API keys: make one (shown once), and the keys made, each with its Revoke. */
export function ApiKeysSection() {
  const answer = useKeyAnswer();
  const [created, setCreated] = useState<CreatedApiKey | undefined>(answer?.created);
  return (
    <SectionCard
      title="API keys"
      description="A key calls the API as an admin, but only where its scopes allow. Send it as Authorization: Bearer <key>."
    >
      {created && (
        <ShownOnce
          heading={`The key ${created.name} is made.`}
          warning={
            <>
              <strong>Copy it now: it is not shown again.</strong> Only a hash of it is stored.
            </>
          }
          label="Your new API key"
          inputId="new-key"
          value={created.key}
          copyLabel="Copy the key"
          onDone={() => setCreated(undefined)}
        />
      )}
      <NewKeyForm answer={answer} onCreated={setCreated} />
      <KeyList />
    </SectionCard>
  );
}

function NewKeyForm({
  answer,
  onCreated,
}: {
  answer: KeyAnswer | undefined;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey();
  const kept = answer?.values;
  const error = create.error ? errorMessage(create.error) : (answer?.error ?? null);
  return (
    <CreateForm
      titleId="new-key-title"
      title="New key"
      intent="create-key"
      submitLabel="Create key"
      pending={create.isPending}
      error={error}
      onSubmit={(data, made) =>
        create.mutate(keyInputOf(data), {
          onSuccess: (key) => {
            onCreated(key);
            made();
          },
        })
      }
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="key-name" className="font-medium">
          Name
        </label>
        <input
          id="key-name"
          name="name"
          required
          maxLength={80}
          autoComplete="off"
          defaultValue={kept?.name}
          aria-describedby="key-name-hint"
          className="input w-full"
        />
        <p id="key-name-hint" className="text-sm text-base-content/70">
          Which system uses it, for example erp-sync. The audit trail names it.
        </p>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Scopes</legend>
        {apiScopes.map((scope) => (
          <label
            key={scope}
            className="flex cursor-pointer items-start gap-2 py-1 font-mono text-sm"
          >
            <input
              type="checkbox"
              name="scopes"
              value={scope}
              defaultChecked={kept?.scopes.includes(scope)}
              className="checkbox checkbox-sm mt-0.5"
            />
            <span className="flex flex-col">
              {scope}
              <span className="font-sans text-sm text-base-content/80">{apiScopeText[scope]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor="key-expires" className="font-medium">
          Expires on (optional)
        </label>
        <input
          id="key-expires"
          name="expiresOn"
          type="date"
          defaultValue={kept?.expiresOn}
          aria-describedby="key-expires-hint"
          className="input w-full sm:w-60"
        />
        <p id="key-expires-hint" className="text-sm text-base-content/70">
          The key works through this day. Empty: until it is revoked.
        </p>
      </div>
    </CreateForm>
  );
}

function KeyList() {
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  if (keys.isPending) return <SectionSpinner label="Loading the API keys" />;
  if (keys.isError) return <SectionError error={keys.error} />;
  if (keys.data.data.length === 0) return <p>No API keys yet.</p>;
  return (
    <>
      <ul aria-label="API keys" className="flex flex-col gap-3">
        {keys.data.data.map((key) => (
          <KeyItem key={key._id} apiKey={key} onRevoke={() => setRevoking(key)} />
        ))}
      </ul>
      <RevokeModal apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

const expiryText = (at: string | null) =>
  at === null ? 'Never' : `${Date.parse(at) <= Date.now() ? 'Expired ' : ''}${dayText(at)}`;

function KeyItem({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: () => void }) {
  // With the script, Revoke asks first; before it, the form posts to the page's action.
  const confirmFirst = (event: FormEvent) => {
    event.preventDefault();
    onRevoke();
  };
  return (
    <li
      aria-label={apiKey.name}
      className="flex flex-col gap-2 rounded-box border border-base-300 p-4 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0">
        <h3 className="font-semibold wrap-anywhere">{apiKey.name}</h3>
        <p className="text-sm">
          <code>{apiKey.prefix}_…</code>
        </p>
        <ul aria-label={`Scopes of ${apiKey.name}`} className="mt-1 flex flex-wrap gap-1">
          {apiKey.scopes.map((scope) => (
            <li key={scope} className="badge badge-outline badge-sm">
              {scope}
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
          <dt className="text-base-content/80">Created</dt>
          <dd>{dayText(apiKey.createdAt)}</dd>
          <dt className="text-base-content/80">Last used</dt>
          <dd>{apiKey.lastUsedAt ? momentText(apiKey.lastUsedAt) : 'Never'}</dd>
          <dt className="text-base-content/80">Expires</dt>
          <dd>{expiryText(apiKey.expiresAt)}</dd>
        </dl>
      </div>
      <form method="post" onSubmit={confirmFirst}>
        <input type="hidden" name="intent" value="revoke-key" />
        <input type="hidden" name="id" value={apiKey._id} />
        <input type="hidden" name="name" value={apiKey.name} />
        <button
          type="submit"
          className="btn btn-outline btn-error btn-sm"
          aria-label={`Revoke the key ${apiKey.name}`}
        >
          Revoke
        </button>
      </form>
    </li>
  );
}

function RevokeModal({ apiKey, onClose }: { apiKey: ApiKeySummary | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const confirm = () =>
    apiKey &&
    revoke.mutate(apiKey._id, {
      onSuccess: () => {
        notify('success', revokedText(apiKey.name));
        onClose();
      },
    });
  return (
    <ConfirmModal
      open={apiKey !== null}
      title="Revoke this key?"
      confirmLabel="Revoke"
      pending={revoke.isPending}
      error={revoke.isError ? errorMessage(revoke.error) : null}
      onConfirm={confirm}
      onClose={() => {
        revoke.reset();
        onClose();
      }}
    >
      {apiKey && (
        <Details
          rows={[
            ['Key', apiKey.name],
            ['Prefix', `${apiKey.prefix}_…`],
            ['Scopes', apiKey.scopes.join(', ')],
          ]}
        />
      )}
      <p className="mt-3 text-sm">Every system using it is refused (401) from now on.</p>
    </ConfirmModal>
  );
}
