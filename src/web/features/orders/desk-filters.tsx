import { Form, Link } from 'react-router';
import type { AllOrdersQuery } from '../../../contract/orders.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { deskPayments, deskStatuses } from './status-filter.ts';

/**
 * The desk's filters: a GET form, so each is a plain query parameter of the address (a link can
 * name them, Back and reload keep them), and it works before the script has loaded.
 */
export function DeskFilters({ search }: { search: AllOrdersQuery }) {
  // A new address draws new defaults: the key makes the fields start again from it.
  const key = JSON.stringify(search);
  return (
    <Form
      key={key}
      method="get"
      action={sitePaths.manageAllOrders}
      role="search"
      aria-label="Filter orders"
      className="grid grid-cols-2 gap-2 rounded-box bg-base-200/60 p-3 sm:grid-cols-3 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_1.3fr_auto] lg:items-end"
    >
      <label className="col-span-2 flex flex-col gap-1 text-sm sm:col-span-3 lg:col-span-1">
        Search orders
        <input
          type="search"
          name="q"
          defaultValue={search.q ?? ''}
          placeholder="Number, email, PO or SKU"
          className="input input-sm w-full"
          maxLength={254}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Status
        <select name="status" defaultValue={search.status} className="select select-sm w-full">
          {deskStatuses.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Payment
        <select
          name="payment"
          defaultValue={search.payment ?? ''}
          className="select select-sm w-full"
        >
          <option value="">Any</option>
          {deskPayments.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        From
        <input
          type="date"
          name="from"
          defaultValue={search.from ?? ''}
          className="input input-sm w-full"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        To
        <input
          type="date"
          name="to"
          defaultValue={search.to ?? ''}
          className="input input-sm w-full"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Company
        <input
          type="text"
          name="company"
          defaultValue={search.company ?? ''}
          className="input input-sm w-full"
          maxLength={200}
        />
      </label>
      <div className="col-span-2 flex gap-2 sm:col-span-3 lg:col-span-1">
        <button type="submit" className="btn btn-sm btn-primary">
          Filter
        </button>
        <Link to={sitePaths.manageAllOrders} className="btn btn-sm btn-ghost">
          Clear
        </Link>
      </div>
    </Form>
  );
}
