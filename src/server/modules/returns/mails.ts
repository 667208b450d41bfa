import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { returnReasonLabels, type ReturnRequest } from '../../../contract/returns.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { composeMail, orderRef, type MailTable } from '../../mail/compose.ts';

// What the buyer who asked for a return hears at each step.

const to = (r: ReturnRequest) => ({ email: r.requestedBy.email, name: r.requestedBy.name });

/** The parts of a return as a mail's table: each with why it comes back. */
const partsTable = (r: ReturnRequest): MailTable => ({
  columns: ['Part', 'Reason'],
  rows: r.lines.map((l) => [`${l.quantity} × ${l.name} (${l.sku})`, returnReasonLabels[l.reason]]),
});

/** Each return mail's button: the return's page (the mailer adds PUBLIC_URL). */
const seeReturn = (r: ReturnRequest) => ({
  label: 'See your return',
  url: toPath(sitePaths.returnDetail, { returnid: r._id }),
});

const quoteIt = (r: ReturnRequest) =>
  `Your return number is ${r.number}: write it on the parcel and quote it when you write to us.`;

export const returnRequestedMail = (r: ReturnRequest) =>
  composeMail(to(r), `Return ${r.number} requested for ${orderRef(r.orderNumber)}`, {
    heading: `We have your return request ${r.number}`,
    paragraphs: [`We have your request to return these parts of ${orderRef(r.orderNumber)}:`],
    table: partsTable(r),
    after: [
      'Please wait for our approval before sending anything: we will write with where to send the parts.',
      quoteIt(r),
    ],
    action: seeReturn(r),
  });

export const returnApprovedMail = (r: ReturnRequest) =>
  composeMail(to(r), `Return ${r.number} approved: where to send the parts`, {
    heading: `Return ${r.number} is approved`,
    paragraphs: [`Your return ${r.number} of ${orderRef(r.orderNumber)} is approved:`],
    table: partsTable(r),
    after: [
      `Where and how to send the parts: ${r.instructions ?? ''}`,
      'Once they arrive we refund what we receive and issue a credit note.',
      quoteIt(r),
    ],
    action: seeReturn(r),
  });

export const returnRejectedMail = (r: ReturnRequest) =>
  composeMail(to(r), `Return ${r.number} rejected`, {
    heading: `Return ${r.number} was not accepted`,
    paragraphs: [
      `We cannot accept your return ${r.number} of ${orderRef(r.orderNumber)}: ${r.rejectReason ?? ''}`,
      'Please do not send the parts. Reply to this mail if you have questions.',
    ],
    table: partsTable(r),
    action: seeReturn(r),
  });

export const returnReceivedMail = (r: ReturnRequest) => {
  const refund = r.refund;
  const amount = refund ? formatDollars(refund.amount) : formatDollars(centsToDollars(0));
  return composeMail(to(r), `Return ${r.number} received: ${amount} credited`, {
    heading: `We have received return ${r.number}`,
    paragraphs: [
      `We have received the parts of your return ${r.number}: ${r.steps.find((s) => s.step === 'received')?.detail ?? ''}.`,
      refund?.method === 'account'
        ? `We have credited ${amount} to your company's account.`
        : refund?.refunded
          ? `We have refunded ${amount} to the card you paid with; banks usually show it within 5 to 10 days.`
          : `We are refunding ${amount} to the card you paid with, and will write again if anything holds it up.`,
      `Credit note ${refund?.creditNoteNumber ?? ''} covers it; ${orderRef(r.orderNumber)} in My Orders shows it.`,
    ],
    action: seeReturn(r),
  });
};
