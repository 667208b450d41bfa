import { formatDollars } from '../../../contract/money.ts';
import { quoteNumberText, type Quote, type QuoteLine } from '../../../contract/quotes.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { composeMail } from '../../mail/compose.ts';
import type { Mail } from '../../mail/mailer.ts';

const lineText = (line: QuoteLine) =>
  `${line.quantity} × ${line.name} (${line.sku}) at ${formatDollars(line.unitPrice)} each: ${formatDollars(line.lineTotal)}`;

/** Where the buyer reads the quote and accepts it. */
export const quoteUrl = (publicUrl: string, id: string) =>
  new URL(sitePaths.quoteDetail.replace(':quoteid', encodeURIComponent(id)), publicUrl).toString();

/** The shop has answered: the lines at the quoted prices, the total, the expiry and the note. */
export const quoteAnsweredMail = (quote: Quote, publicUrl: string): Mail =>
  composeMail(
    { email: quote.requestedBy.email, name: quote.requestedBy.name },
    `Your quote ${quoteNumberText(quote.number)}: ${formatDollars(quote.total)}`,
    [
      `We have priced your request: ${quote.lines.map(lineText).join('; ')}.`,
      `${formatDollars(quote.total)} for the parts; shipping and tax are added when you order.`,
      ...(quote.shopNote ? [quote.shopNote] : []),
      `These prices hold until ${quote.expiresAt?.slice(0, 10) ?? 'further notice'}. Accept the quote and we reserve the parts at once.`,
    ],
    { label: 'See and accept the quote', url: quoteUrl(publicUrl, quote._id) },
  );

/** The shop cannot quote (or no longer offers) what was asked: the buyer hears so. */
export const quoteDeclinedMail = (quote: Quote, publicUrl: string): Mail =>
  composeMail(
    { email: quote.requestedBy.email, name: quote.requestedBy.name },
    `Your quote ${quoteNumberText(quote.number)} was declined`,
    [
      `We cannot offer a quote for ${quote.lines.map((l) => `${l.quantity} × ${l.name}`).join('; ')} this time.`,
      ...(quote.shopNote ? [quote.shopNote] : []),
      'Your cart is as you left it: order at your usual prices, or write to us about what you need.',
    ],
    { label: 'See the quote', url: quoteUrl(publicUrl, quote._id) },
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
    [
      `${quote.requestedBy.name} (${quote.requestedBy.email}) asks for prices on ${quote.lines.map(lineText).join('; ')}.`,
      ...(quote.note ? [`Their note: ${quote.note}`] : []),
    ],
    { label: 'Answer the quote', url: quoteUrl(publicUrl, quote._id) },
  );
