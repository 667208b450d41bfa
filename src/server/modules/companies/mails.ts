import { sitePaths } from '../../../contract/site-paths.ts';
import { composeMail } from '../../mail/compose.ts';
import type { Mail } from '../../mail/mailer.ts';

/** A company name or a person's on one line: they go into the subject, a mail header. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The invite: the link carries the token, the one copy of it there is. */
export const companyInviteMail = (invite: {
  email: string;
  companyName: string;
  invitedBy: string;
  role: 'admin' | 'buyer';
  token: string;
  publicUrl: string;
}): Mail =>
  composeMail(
    { email: invite.email, name: invite.email },
    `${oneLine(invite.companyName)} invites you to order with them on ECParts`,
    {
      heading: `Join ${oneLine(invite.companyName)} on ECParts`,
      paragraphs: [
        `${oneLine(invite.invitedBy)} invites you to join ${oneLine(invite.companyName)} on ECParts as ${invite.role === 'admin' ? 'an admin' : 'a buyer'}.`,
        `Sign in (or create an account) with this email address, then open the link to accept. The link works once, for 7 days.`,
      ],
      action: {
        label: 'Accept the invite',
        url: `${invite.publicUrl}${sitePaths.companyInvite.replace(':token', invite.token)}`,
      },
    },
  );

/** To the member the company was handed to. */
export const companyOwnerMail = (owner: {
  email: string;
  name: string;
  companyName: string;
  publicUrl: string;
}): Mail =>
  composeMail(
    { email: owner.email, name: owner.name },
    `You now own ${oneLine(owner.companyName)} on ECParts`,
    {
      heading: `You now own ${oneLine(owner.companyName)}`,
      paragraphs: [
        `${oneLine(owner.companyName)} was handed to you: you are its owner now, bound by no spending limit.`,
        'You approve any order, set any limit, and you alone make admins or hand the company on. The previous owner stays on as an admin.',
      ],
      action: { label: 'Open your company', url: `${owner.publicUrl}${sitePaths.company}` },
    },
  );
