import type { ContactInput } from '../../../contract/contact.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { composeMail } from '../../mail/compose.ts';
import type { Mail } from '../../mail/mailer.ts';

/** Whom a new message is mailed to: the shop's address, or else each admin by name. */
export type Recipient = { email: string; name: string };

/** A sender's name on one line: it goes into the subject, a mail header. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A new Contact Us message, to someone who can answer it: replying answers the sender. */
export const contactMessageMail = (
  to: Recipient,
  message: ContactInput,
  publicUrl: string,
): Mail => ({
  ...composeMail(to, `Contact Us: a message from ${oneLine(message.name)}`, {
    heading: `A message from ${oneLine(message.name)}`,
    paragraphs: [
      `${oneLine(message.name)} <${message.email}> wrote through the Contact Us form:`,
      message.message,
      `Reply to this mail to answer ${oneLine(message.name)}. Once answered, mark the message done in Messages in the dashboard.`,
    ],
    action: { label: 'Open Messages', url: `${publicUrl}${sitePaths.messages}` },
  }),
  replyTo: message.email,
});
