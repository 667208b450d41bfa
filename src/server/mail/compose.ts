import {
  FOOTER,
  fitSubject,
  SHOP_NAME,
  type Mail,
  type MailLayout,
  type MailTable,
} from './mail.ts';

export type { MailTable } from './mail.ts';

/** What a mail says, in the one layout every mail has (see layout.tsx for the HTML part). */
export type MailBody = {
  /** The mail's first line under the shop's name: what happened, in a few words. */
  heading: string;
  /** Short paragraphs before the table. */
  paragraphs: string[];
  /** The lines the mail is about (an order's parts, a parcel's contents), one row each. */
  table?: MailTable;
  /** Short paragraphs after the table. */
  after?: string[];
  /** The one button: what the reader does next. */
  action?: { label: string; url: string };
};

/**
 * A mail in our voice and our one layout: the shop's name, a heading, the greeting, short
 * paragraphs, a table for lines, one button, the footer. The text part is made here, the HTML
 * part by the mailer as it sends (layout.tsx: React's static markup, which escapes every value).
 */
export function composeMail(
  to: { email: string; name: string },
  subject: string,
  body: MailBody,
): Mail {
  const layout: MailLayout = {
    heading: body.heading,
    greeting: `Hello ${to.name.replace(/\s+/g, ' ').trim()},`,
    paragraphs: body.paragraphs.filter((p) => p.length > 0),
    table: body.table && body.table.rows.length > 0 ? body.table : undefined,
    after: (body.after ?? []).filter((p) => p.length > 0),
    action: body.action,
  };
  return { to: to.email, subject: fitSubject(subject), text: mailText(layout), layout };
}

/**
 * The plain-text part: the same pieces, a blank line between paragraphs and one table row to a
 * line, its columns lined up for a fixed-width font; the action as its label and its address.
 */
export function mailText(layout: MailLayout) {
  const blocks = [
    SHOP_NAME,
    layout.heading,
    layout.greeting,
    ...layout.paragraphs,
    ...(layout.table ? [tableText(layout.table)] : []),
    ...layout.after,
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`] : []),
    `-- \n${FOOTER}`,
  ];
  return blocks.join('\n\n');
}

function tableText(table: MailTable) {
  const rows = [table.columns, ...table.rows, ...(table.total ? [table.total] : [])];
  // A cell's further lines (what of a line is on backorder) go under the row, indented.
  const firstLine = (cell: string | undefined) => (cell ?? '').split('\n')[0] ?? '';
  const widths = table.columns.map((_, i) =>
    Math.min(40, Math.max(...rows.map((row) => firstLine(row[i]).length))),
  );
  const line = (row: string[]) => {
    const first = row
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        // Money and counts line up on the right, words on the left.
        return table.numeric?.includes(i)
          ? firstLine(cell).padStart(width)
          : firstLine(cell).padEnd(width);
      })
      .join('  ')
      .trimEnd();
    const more = row.flatMap((cell) =>
      cell
        .split('\n')
        .slice(1)
        .map((l) => `  ${l}`),
    );
    return [first, ...more].join('\n');
  };
  return rows.map(line).join('\n');
}

/** How every mail names an order: its short number, the one people quote ("Order #100234"). */
export const orderRef = (number: number) => `Order #${number}`;
