import { useState, type FormEvent } from 'react';
import { Link, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { MAX_LIST_NAME, type SavedListSummary } from '../../../contract/saved-lists.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { DataTable, numeric } from '../../components/data-table.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction, useFormAnswer } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { dayText } from '../../lib/order-text.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { listsQuery, newListRule, useCreateList, useLists } from './api.ts';

/** Dashboard, Lists: the buyer's saved order lists and their company's shared ones. */
export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [listsQuery(page.call)]);
}

const listPath = (id: string) => toPath(sitePaths.listDetail, { listid: id });

/** A new list posted before the script took over: made, and on to its page. */
export const action = formAction(
  newListRule,
  (list) => ({
    to: listPath(list._id),
    toast: { kind: 'success', message: `${list.name} is made.` },
  }),
  { signedIn: true },
);

export function ListsPage() {
  const lists = useLists();
  return (
    <DashboardSection
      title="Lists"
      description="Saved order lists: the parts you order again and again, sent to the cart in one step."
    >
      <p className="-mt-2 text-base-content/80">
        Save parts from a product page, your cart or an order, or import lines of “SKU quantity”. A
        shared list belongs to your company: every member sees and edits it.
      </p>
      <NewListForm />
      {lists.isPending ? (
        <SectionSpinner label="Loading your lists" />
      ) : lists.isError ? (
        <SectionError error={lists.error} />
      ) : lists.data.data.length === 0 ? (
        <p className="text-base-content/80">No lists yet.</p>
      ) : (
        <>
          <div className="hidden md:block">
            <ListsTable lists={lists.data.data} />
          </div>
          <ListCards lists={lists.data.data} />
        </>
      )}
    </DashboardSection>
  );
}

function NewListForm() {
  const create = useCreateList();
  const navigate = useNavigate();
  const answer = useFormAnswer();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    if (!name) return setError('Name the list');
    setError(null);
    create.mutate(
      { name, shared: form.get('shared') === 'on' },
      {
        onSuccess: (list) => {
          notify('success', `${list.name} is made.`);
          void navigate(listPath(list._id));
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  const shown = error ?? answer?.formError ?? answer?.fieldErrors.name ?? null;
  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      aria-label="New list"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <label htmlFor="new-list-name" className="flex grow flex-col gap-1">
        <span className="font-medium">New list name</span>
        <input
          id="new-list-name"
          name="name"
          maxLength={MAX_LIST_NAME}
          defaultValue={answer?.values.name ?? ''}
          placeholder="Weekly consumables"
          className="input w-full"
          aria-invalid={shown ? true : undefined}
        />
      </label>
      <label htmlFor="new-list-shared" className="flex items-center gap-2 sm:pb-2">
        <input id="new-list-shared" type="checkbox" name="shared" className="checkbox" />
        <span>Share with my company</span>
      </label>
      <BusyButton type="submit" className="btn btn-primary" pending={create.isPending}>
        Make list
      </BusyButton>
      {shown && (
        <p role="alert" className="text-sm text-error sm:basis-full">
          {shown}
        </p>
      )}
    </form>
  );
}

function ListLink({ list }: { list: SavedListSummary }) {
  return (
    <Link to={listPath(list._id)} className="link font-semibold wrap-anywhere">
      {list.name}
    </Link>
  );
}

function SharedBadge({ shared }: { shared: boolean }) {
  return shared ? (
    <span className="badge badge-info badge-sm">Shared</span>
  ) : (
    <span className="badge badge-ghost badge-sm">Private</span>
  );
}

function ListsTable({ lists }: { lists: SavedListSummary[] }) {
  return (
    <DataTable
      label="Lists"
      columns={['List', 'Kept by', numeric('Parts'), numeric('Pieces'), 'Changed']}
    >
      {lists.map((list) => (
        <tr key={list._id}>
          <th scope="row" className="font-normal">
            <ListLink list={list} />
          </th>
          <td>
            <SharedBadge shared={list.shared} /> <span className="text-sm">{list.createdBy}</span>
          </td>
          <td className="text-right">{list.lineCount}</td>
          <td className="text-right">{list.pieces}</td>
          <td className="whitespace-nowrap">{dayText(list.updatedAt)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The same lists, one card each, below the md width. */
function ListCards({ lists }: { lists: SavedListSummary[] }) {
  return (
    <ul aria-label="Lists" className="flex flex-col gap-3 md:hidden">
      {lists.map((list) => (
        <li key={list._id} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-2 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <ListLink list={list} />
              <SharedBadge shared={list.shared} />
            </div>
            <p className="text-sm text-base-content/80">
              {list.lineCount} {list.lineCount === 1 ? 'part' : 'parts'}, {list.pieces} pieces ·
              changed {dayText(list.updatedAt)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
