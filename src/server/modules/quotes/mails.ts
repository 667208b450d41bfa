import { formatDollars } from '../../../contract/money.ts';
import { quoteNumberText, type Quote, type QuoteLine } from '../../../contract/quotes.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { composeMail, type MailTable } from '../../mail/compose.ts';
import type { Mail } from '../../mail/mailer.ts';

/** A quote's lines as a mail's table, at the quoted (or asked-for) prices, with the total. */
const quoteTable = (quote: Quote, { prices = true } = {}): MailTable =>
  prices
    ? {
        columns: ['Part', 'Each', 'Amount'],
        rows: quote.lines.map((line: QuoteLine) => [
          `${line.quantity} × ${line.name} (${line.sku})`,
          formatDollars(line.unitPrice),
          formatDollars(line.lineTotal),
        ]),
        total: ['Total for the parts', '', formatDollars(quote.total)],
        numeric: [1, 2],
      }
    : { columns: ['Part'], rows: quote.lines.map((l) => [`${l.quantity} × ${l.name} (${l.sku})`]) };

/** Where the buyer reads the quote and accepts it. */
export const quoteUrl = (publicUrl: string, id: string) =>
  new URL(sitePaths.quoteDetail.replace(':quoteid', encodeURIComponent(id)), publicUrl).toString();

/** The shop has answered: the lines at the quoted prices, the total, the expiry and the note. */
export const quoteAnsweredMail = (quote: Quote, publicUrl: string): Mail =>
  composeMail(
    { email: quote.requestedBy.email, name: quote.requestedBy.name },
    `Your quote ${quoteNumberText(quote.number)}: ${formatDollars(quote.total)}`,
    {
      heading: `Your quote ${quoteNumberText(quote.number)} is ready`,
      paragraphs: ['We have priced your request:'],
      table: quoteTable(quote),
      after: [
        `${formatDollars(quote.total)} for the parts; shipping and tax are added when you order.`,
        ...(quote.shopNote ? [quote.shopNote] : []),
        `These prices hold until ${quote.expiresAt?.slice(0, 10) ?? 'further notice'}. Accept the quote and we reserve the parts at once.`,
      ],
      action: { label: 'See and accept the quote', url: quoteUrl(publicUrl, quote._id) },
    },
  );

/** The shop cannot quote (or no longer offers) what was asked: the buyer hears so. */
export const quoteDeclinedMail = (quote: Quote, publicUrl: string): Mail =>
  composeMail(
    { email: quote.requestedBy.email, name: quote.requestedBy.name },
    `Your quote ${quoteNumberText(quote.number)} was declined`,
    {
      heading: `Your quote ${quoteNumberText(quote.number)} was declined`,
      paragraphs: ['We cannot offer a quote for these parts this time:'],
      table: quoteTable(quote, { prices: false }),
      after: [
        ...(quote.shopNote ? [quote.shopNote] : []),
        'Your cart is as you left it: order at your usual prices, or write to us about what you need.',
      ],
      action: { label: 'See the quote', url: quoteUrl(publicUrl, quote._id) },
    },
  );

/** A shop admin hears that a buyer asks for prices. */
export const quoteRequestedMail = (
  admin: { email: string; name: string },
  quote: Quote,
  publicUrl: string,
): Mail =>
  composeMail(
    admin,
    `Quote ${quoteNumberText(quote.number)} requested by ${quote.company?.name ?? quote.requestedBy.name}`,
    {
      heading: `Quote ${quoteNumberText(quote.number)} requested`,
      paragraphs: [
        `${quote.requestedBy.name} (${quote.requestedBy.email}) asks for prices on these parts:`,
      ],
      table: quoteTable(quote),
      after: quote.note ? [`Their note: ${quote.note}`] : [],
      action: { label: 'Answer the quote', url: quoteUrl(publicUrl, quote._id) },
    },
  );
