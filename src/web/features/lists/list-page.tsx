import { Download, ShoppingCart } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  useNavigate,
  useParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { MAX_LIST_NAME, type SavedList } from '../../../contract/saved-lists.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { BackLink } from '../../components/back-link.tsx';
import { BusyButton } from '../../components/busy-button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { QuickAddResults, quickAddSummary } from '../../components/quick-add-results.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction, useFormAnswer, type FormRule } from '../../lib/form-action.ts';
import { intentAction } from '../../lib/intent-action.ts';
import { notify } from '../../lib/notify.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import {
  deleteListRule,
  editListRule,
  importRule,
  listCsvHref,
  listLineRule,
  removeLineRule,
  savedListQuery,
  toCartRule,
  useDeleteList,
  useEditList,
  useImportList,
  useListToCart,
  useRemoveListLine,
  useSavedList,
  useSetListLine,
} from './api.ts';
import { ListLines } from './list-lines.tsx';

/** One saved list: its lines, Add all to cart, import, export, rename and share. */
export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [savedListQuery(params.listid ?? '', page.call)]);
}

const listPath = (id: string) => toPath(sitePaths.listDetail, { listid: id });

/** A form of this page posted before the script took over, with the list's id from the address. */
const onList =
  <I, R>(
    rule: (id: string) => FormRule<I, R>,
    done: (result: R, id: string) => { to: string; toast?: { kind: 'success'; message: string } },
  ) =>
  () =>
  (args: ActionFunctionArgs) => {
    const id = args.params.listid ?? '';
    return formAction(rule(id), (result) => done(result, id), { signedIn: true })(args);
  };

export const action = intentAction({
  'to-cart': onList(toCartRule, ({ results }) => ({
    to: sitePaths.cart,
    toast: { kind: 'success', message: `List sent to your cart: ${quickAddSummary(results)}.` },
  })),
  import: onList(importRule, ({ results }, id) => ({
    to: listPath(id),
    toast: { kind: 'success', message: importedText(results) },
  })),
  line: onList(listLineRule, (_, id) => ({ to: listPath(id) })),
  remove: onList(removeLineRule, (_, id) => ({ to: listPath(id) })),
  edit: onList(editListRule, (_, id) => ({ to: listPath(id) })),
  delete: onList(deleteListRule, () => ({
    to: sitePaths.lists,
    toast: { kind: 'success', message: 'The list is deleted.' },
  })),
});

const importedText = (results: { status: string }[]) => {
  const saved = results.filter((r) => r.status === 'saved').length;
  const failed = results.length - saved;
  return `Imported ${saved} ${saved === 1 ? 'line' : 'lines'}${failed ? `; ${failed} could not be read or found` : ''}.`;
};

export function ListPage() {
  const { listid = '' } = useParams();
  const list = useSavedList(listid);
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={sitePaths.lists}>All lists</BackLink>
      {list.isPending ? (
        <SectionSpinner label="Loading the list" />
      ) : list.isError ? (
        <SectionError error={list.error} />
      ) : (
        <ListContents list={list.data} />
      )}
    </div>
  );
}

function ListContents({ list }: { list: SavedList }) {
  const toCart = useListToCart(list._id);
  const setLine = useSetListLine(list._id);
  const removeLine = useRemoveListLine(list._id);
  const answer = useFormAnswer();
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? answer?.formError ?? Object.values(answer?.fieldErrors ?? {})[0] ?? null;

  const sendToCart = (event: FormEvent) => {
    event.preventDefault();
    if (toCart.isPending) return;
    setError(null);
    toCart.mutate(undefined, {
      onSuccess: ({ results }) =>
        notify('success', `List sent to your cart: ${quickAddSummary(results)}.`),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <DashboardSection
      title={list.name}
      description={`${list.shared ? 'Shared with your company' : 'Your own list'}, made by ${list.createdBy}.`}
    >
      <p className="-mt-4 flex flex-wrap items-center gap-2 text-base-content/80">
        <span className={`badge badge-sm ${list.shared ? 'badge-info' : 'badge-ghost'}`}>
          {list.shared ? 'Shared' : 'Private'}
        </span>
        {list.shared ? 'Every member of your company sees and edits it.' : 'Only you see it.'} Made
        by {list.createdBy}.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <form method="post" onSubmit={sendToCart} className="contents">
          <input type="hidden" name="intent" value="to-cart" />
          <BusyButton
            type="submit"
            className="btn btn-primary"
            pending={toCart.isPending}
            disabled={list.lines.length === 0}
          >
            <ShoppingCart aria-hidden="true" className="size-4" />
            Add all to cart
          </BusyButton>
        </form>
        <a href={listCsvHref(list._id)} download className="btn btn-outline">
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>
      {shown && (
        <p role="alert" className="text-error">
          {shown}
        </p>
      )}
      {toCart.data && (
        <QuickAddResults
          result={toCart.data}
          label="What went into your cart"
          lineName={{
            header: 'Part',
            text: (row) => list.lines.find((l) => l.sku === row.sku)?.name ?? row.sku,
          }}
        />
      )}
      {list.lines.length === 0 ? (
        <p className="text-base-content/80">
          This list is empty. Save parts from a product page, your cart or an order, or import lines
          below.
        </p>
      ) : (
        <ListLines
          lines={list.lines}
          onQuantity={(productId, quantity) =>
            setLine.mutate(
              { productId, quantity },
              { onError: (failure) => setError(errorMessage(failure)) },
            )
          }
          onRemove={(productId) =>
            removeLine.mutate(productId, {
              onError: (failure) => setError(errorMessage(failure)),
            })
          }
          pending={setLine.isPending || removeLine.isPending}
        />
      )}
      <ImportForm listId={list._id} />
      <ListSettings list={list} />
    </DashboardSection>
  );
}

function ImportForm({ listId }: { listId: string }) {
  const importLines = useImportList(listId);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (importLines.isPending) return;
    const text = String(new FormData(event.currentTarget).get('text') ?? '');
    if (!text.trim()) return setError('Paste lines of "SKU quantity"');
    setError(null);
    importLines.mutate(
      { text },
      {
        onSuccess: ({ results }) => notify('success', importedText(results)),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  const failed = importLines.data?.results.filter((r) => r.status === 'error') ?? [];
  return (
    <details className="rounded-box border border-base-300 bg-base-100 p-3">
      <summary className="cursor-pointer font-medium">Import lines</summary>
      <form method="post" noValidate onSubmit={submit} className="mt-3 flex flex-col gap-2">
        <input type="hidden" name="intent" value="import" />
        <label htmlFor="list-import" className="font-medium">
          Lines of “SKU quantity” (as quick order takes them, or this list’s CSV)
        </label>
        <textarea id="list-import" name="text" rows={4} className="textarea w-full font-mono" />
        <BusyButton
          type="submit"
          className="btn btn-outline self-start"
          pending={importLines.isPending}
        >
          Import
        </BusyButton>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
        {failed.length > 0 && (
          <ul className="list-disc pl-5 text-sm" aria-label="Lines not imported">
            {failed.map((r) => (
              <li key={r.line}>
                Line {r.line} ({r.sku || 'no SKU'}): {r.message}
              </li>
            ))}
          </ul>
        )}
      </form>
    </details>
  );
}

function ListSettings({ list }: { list: SavedList }) {
  const edit = useEditList();
  const remove = useDeleteList();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    if (!name) return setError('Name the list');
    setError(null);
    edit.mutate(
      { id: list._id, input: { name, shared: form.get('shared') === 'on' } },
      {
        onSuccess: () => notify('success', 'The list is saved.'),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <details className="rounded-box border border-base-300 bg-base-100 p-3">
      <summary className="cursor-pointer font-medium">Rename, share or delete</summary>
      <form method="post" noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="edit" />
        <label htmlFor="list-name" className="flex flex-col gap-1">
          <span className="font-medium">Name</span>
          <input
            id="list-name"
            name="name"
            maxLength={MAX_LIST_NAME}
            defaultValue={list.name}
            className="input w-full"
          />
        </label>
        <label htmlFor="list-shared" className="flex items-center gap-2">
          <input
            id="list-shared"
            type="checkbox"
            name="shared"
            defaultChecked={list.shared}
            className="checkbox"
          />
          <span>Share with my company</span>
        </label>
        <BusyButton type="submit" className="btn btn-outline self-start" pending={edit.isPending}>
          Save
        </BusyButton>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </form>
      <form
        method="post"
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          setConfirm(true);
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className="btn btn-outline btn-error">
          Delete list
        </button>
      </form>
      <ConfirmModal
        open={confirm}
        title="Delete this list?"
        confirmLabel="Delete list"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate(list._id, {
            onSuccess: () => {
              notify('success', 'The list is deleted.');
              void navigate(sitePaths.lists);
            },
          })
        }
      >
        <p>
          {list.name}: {list.lines.length} {list.lines.length === 1 ? 'part' : 'parts'}. Your cart
          and orders stay as they are.
        </p>
      </ConfirmModal>
    </details>
  );
}
