import type { Mail } from './mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain mail in our voice: greeting, paragraphs, an optional link, the signature. */
export function composeMail(
  to: { email: string; name: string },
  subject: string,
  lines: string[],
  action?: { label: string; url: string },
): Mail {
  const text = [
    `Hello ${to.name},`,
    '',
    ...lines,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    'ECParts',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(action
      ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`]
      : []),
    '<p>ECParts</p>',
  ].join('\n');
  return { to: to.email, subject, text, html };
}

/** How every mail names an order: its short number, the one people quote ("Order #100234"). */
export const orderRef = (number: number) => `Order #${number}`;
