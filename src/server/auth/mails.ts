import type { Mail } from '../mail/mailer.ts';

type Recipient = { email: string; name: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mail(
  to: Recipient,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
): Mail {
  const text = [
    `Hello ${to.name},`,
    '',
    ...lines,
    '',
    `${action.label}: ${action.url}`,
    '',
    'ECParts',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    '<p>ECParts</p>',
  ].join('\n');
  return { to: to.email, subject, text, html };
}

export const verifyEmailMail = (to: Recipient, url: string) =>
  mail(
    to,
    'Confirm your email address for ECParts',
    ['Please confirm that this is your email address. The link works for one hour.'],
    { label: 'Confirm my email', url },
  );

export const resetPasswordMail = (to: Recipient, url: string) =>
  mail(
    to,
    'Reset your ECParts password',
    [
      'Someone asked to reset the password of your ECParts account. If it was you, choose a new password with the link below; it works for one hour.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
