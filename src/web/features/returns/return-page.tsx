import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { formatDollars } from '../../../contract/money.ts';
import type { ReturnRequest, ReturnStepKind } from '../../../contract/returns.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { DataTable, numeric } from '../../components/data-table.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formAction } from '../../lib/form-action.ts';
import { intentAction } from '../../lib/intent-action.ts';
import { dayText, momentText } from '../../lib/order-text.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { useSession } from '../../lib/session.ts';
import { useIsAdmin } from '../auth/api.ts';
import {
  approveReturnRule,
  receiveReturnRule,
  rejectReturnRule,
  returnQuery,
  useReturn,
} from './api.ts';
import { reasonText, toReturnPage } from './return-actions.ts';
import { ApproveForm, ReceiveForm, RejectForm } from './return-admin-forms.tsx';
import { ReturnStatusBadge } from './return-status.tsx';

export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [returnQuery(params.returnid ?? '', page.call)]);
}

export const action = intentAction({
  approve: () =>
    formAction(approveReturnRule, (ret, _input, args) =>
      toReturnPage(
        ret,
        `Return ${ret.number} approved: the buyer is mailed where to send the parts.`,
        args,
      ),
    ),
  reject: () =>
    formAction(rejectReturnRule, (ret, _input, args) =>
      toReturnPage(ret, `Return ${ret.number} rejected: the buyer is mailed why.`, args),
    ),
  receive: () =>
    formAction(receiveReturnRule, (ret, _input, args) =>
      toReturnPage(
        ret,
        `Return ${ret.number} received: credit note ${ret.refund?.creditNoteNumber ?? ''} for ${formatDollars(ret.refund?.amount ?? 0)}.`,
        args,
      ),
    ),
});

const META = {
  title: 'Return',
  description: 'One return: the parts, why they go back, and each step from request to refund.',
};

/** A return's page: its parts and steps; a shop admin approves, rejects or receives it here. */
export function ReturnPage() {
  const { returnid = '' } = useParams();
  const ret = useReturn(returnid);
  if (ret.isPending) {
    return (
      <DashboardSection {...META}>
        <SectionSpinner label="Loading the return" />
      </DashboardSection>
    );
  }
  if (ret.isError) {
    const status = ret.error instanceof ApiError ? ret.error.status : 0;
    return (
      <DashboardSection {...META}>
        {status === 404 ? (
          <p>This return does not exist, or it is not yours to see.</p>
        ) : (
          <SectionError error={ret.error} />
        )}
        <Link to={sitePaths.returns} className="btn btn-primary self-start">
          Go to Returns
        </Link>
      </DashboardSection>
    );
  }
  return <ReturnDetails ret={ret.data} />;
}

const stepText: Record<ReturnStepKind, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  credited: 'Credit note issued',
  refunded: 'Refunded',
};

/** Where the return stands, in a sentence: what happens next, and who does it. */
function stateText(ret: ReturnRequest) {
  switch (ret.status) {
    case 'requested':
      return 'Waiting for the shop to approve it. Please do not send the parts yet.';
    case 'approved':
      return 'Approved: send the parts as the instructions say, with the return number on the parcel.';
    case 'rejected':
      return 'Rejected: please do not send the parts.';
    case 'received':
      return ret.refund?.method === 'account'
        ? 'Received: the credit note is credited to the company’s account.'
        : ret.refund?.refunded
          ? 'Received: refunded to the card.'
          : 'Received: the refund to the card is on its way.';
  }
}

function ReturnDetails({ ret }: { ret: ReturnRequest }) {
  const { user } = useSession();
  const admin = useIsAdmin(user?.email).data?.admin === true;
  return (
    <DashboardSection title={`Return ${ret.number}`} description={META.description}>
      <div className="-mt-4 flex flex-wrap items-center gap-3">
        <ReturnStatusBadge ret={ret} />
        <span className="text-base-content/80">
          Asked for <time dateTime={ret.createdAt}>{dayText(ret.createdAt)}</time> by{' '}
          {ret.requestedBy.name}
          {admin && `, ${ret.requestedBy.email}`} for{' '}
          <Link to={toPath(sitePaths.orderDetail, { orderid: ret.orderId })} className="link">
            Order #{ret.orderNumber}
          </Link>
        </span>
      </div>
      <p>{stateText(ret)}</p>
      {ret.refund && (
        <SectionCard title="Refund">
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="font-semibold">Credit note</dt>
              <dd>{ret.refund.creditNoteNumber}</dd>
            </div>
            <div>
              <dt className="font-semibold">Amount</dt>
              <dd>{formatDollars(ret.refund.amount)}</dd>
            </div>
            <div>
              <dt className="font-semibold">To</dt>
              <dd>
                {ret.refund.method === 'account' ? 'The company’s account' : 'The card paid with'}
              </dd>
            </div>
          </dl>
        </SectionCard>
      )}
      <SectionCard title="Parts">
        <PartsTable ret={ret} />
        <PartCards ret={ret} />
      </SectionCard>
      <SectionCard title="Notes">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="font-semibold">From the buyer</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{ret.note || 'No note.'}</dd>
          </div>
          <div>
            <dt className="font-semibold">
              {ret.rejectReason ? 'Why it was rejected' : 'Where to send the parts'}
            </dt>
            <dd className="whitespace-pre-line wrap-anywhere">
              {ret.rejectReason ?? ret.instructions ?? 'Not approved yet.'}
            </dd>
          </div>
        </dl>
      </SectionCard>
      <SectionCard title="Steps">
        <ol aria-label="Steps" className="flex flex-col gap-3 border-l-2 border-base-300 pl-4">
          {ret.steps.map((step, i) => (
            <li key={i} className="flex flex-col">
              <span className="font-medium">{stepText[step.step]}</span>
              <time dateTime={step.at} className="text-sm text-base-content/80">
                {momentText(step.at)}
              </time>
              {step.detail && <span className="text-sm wrap-anywhere">{step.detail}</span>}
            </li>
          ))}
        </ol>
      </SectionCard>
      {admin && ret.status === 'requested' && (
        <>
          <SectionCard
            title="Approve"
            description="The buyer is mailed the return number and these instructions."
          >
            <ApproveForm ret={ret} />
          </SectionCard>
          <SectionCard title="Reject" description="The buyer is mailed why.">
            <RejectForm ret={ret} />
          </SectionCard>
        </>
      )}
      {admin && ret.status === 'approved' && (
        <SectionCard
          title="Receive"
          description="What arrived: restocked parts go back in stock, scrapped ones do not. What is received is refunded with a credit note."
        >
          <ReceiveForm ret={ret} />
        </SectionCard>
      )}
    </DashboardSection>
  );
}

function PartsTable({ ret }: { ret: ReturnRequest }) {
  const received = ret.status === 'received';
  return (
    <div className="hidden md:block">
      <DataTable
        label={`Parts in return ${ret.number}`}
        columns={[
          'Part',
          numeric('Quantity'),
          'Reason',
          numeric('Unit price'),
          ...(received ? [numeric('Restocked'), numeric('Scrapped')] : []),
        ]}
      >
        {ret.lines.map((line) => (
          <tr key={line.sku}>
            <th scope="row" className="font-normal">
              <span className="font-semibold wrap-anywhere">{line.name}</span>
              <p className="text-sm text-base-content/80">{line.sku}</p>
            </th>
            <td className="text-right">{line.quantity}</td>
            <td>{reasonText(line.reason)}</td>
            <td className="text-right">{formatDollars(line.unitPrice)}</td>
            {received && <td className="text-right">{line.restocked}</td>}
            {received && <td className="text-right">{line.scrapped}</td>}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function PartCards({ ret }: { ret: ReturnRequest }) {
  const received = ret.status === 'received';
  return (
    <ul aria-label={`Parts in return ${ret.number}`} className="flex flex-col gap-2 md:hidden">
      {ret.lines.map((line) => (
        <li key={line.sku} className="rounded-box border border-base-300 p-3">
          <p className="font-semibold wrap-anywhere">{line.name}</p>
          <p className="text-sm text-base-content/80">
            {line.sku} · {line.quantity} × {formatDollars(line.unitPrice)} ·{' '}
            {reasonText(line.reason)}
          </p>
          {received && (
            <p className="text-sm">
              {line.restocked} restocked, {line.scrapped} scrapped
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
