/** A mail's lines, as a table: a header row, one row per line, and an optional total row. */
export type MailTable = {
  columns: string[];
  rows: string[][];
  total?: string[];
  /** The columns of money and counts, lined up on the right. */
  numeric?: number[];
};

/** What a mail shows, in the one layout every mail has (compose.ts, layout.tsx). */
export type MailLayout = {
  heading: string;
  greeting: string;
  paragraphs: string[];
  table: MailTable | undefined;
  after: string[];
  /**
   * The one button. Its `url` is a web address, or a path of this shop ("/dashboard/orders/…")
   * that the mailer makes whole with PUBLIC_URL as it sends (mailer.ts `addressed`): the mails
   * about an order are built where the shop's address is not at hand.
   */
  action: { label: string; url: string } | undefined;
};

export type Mail = {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** What the HTML part is drawn from, as the mail is sent (layout.tsx). */
  layout: MailLayout;
  /** Where a reply goes, when not to us: the sender of a Contact Us message. */
  replyTo?: string;
  /** Extra headers: a back-in-stock mail's List-Unsubscribe (RFC 8058), say. */
  headers?: Record<string, string>;
};

/** The shop's name at the top of each mail, and the footer under it. */
export const SHOP_NAME = 'ECParts';
export const FOOTER =
  'ECParts: bicycle spare parts and tools for the trade. You get this mail because of your account with us or something you asked of us.';

/** RFC 5322's recommended line length: a longer subject is cut by mail clients anyway. */
export const SUBJECT_MAX = 78;

/**
 * A subject as it may go out: on one line (it is a header, and names typed by people go into
 * it), at most SUBJECT_MAX characters, cut at a word with "…" when longer. Every mail passes
 * here (composeMail, and the mailer again), so no mail needs to count for itself.
 */
export function fitSubject(subject: string) {
  const line = subject.replace(/\s+/g, ' ').trim();
  if (line.length <= SUBJECT_MAX) return line;
  const room = line.slice(0, SUBJECT_MAX - 1);
  const space = room.lastIndexOf(' ');
  // A word cut in the middle only when the subject has no space worth cutting at.
  const cut = space > SUBJECT_MAX / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,:;–-]+$/, '')}…`;
}
