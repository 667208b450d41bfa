import { composeMail } from '../mail/compose.ts';

type Recipient = { email: string; name: string };

export const verifyEmailMail = (to: Recipient, url: string) =>
  composeMail(to, 'Confirm your email address for ECParts', {
    heading: 'Confirm your email address',
    paragraphs: [
      `Please confirm that ${to.email} is your email address. The link works for one hour.`,
      'If you did not sign up with ECParts, ignore this mail.',
    ],
    action: { label: 'Confirm my email', url },
  });

export const resetPasswordMail = (to: Recipient, url: string) =>
  composeMail(to, 'Reset your ECParts password', {
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your ECParts account. If it was you, choose a new password with the button below; it works for one hour.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url },
  });

/**
 * The link as it may leave in a mail: on PUBLIC_URL, with a callbackURL that stays there.
 * Better Auth builds its links from PUBLIC_URL (its baseURL) and refuses foreign callbacks
 * already; this is the last word before a token is mailed, so no request header, proxy or
 * future option can send one to another host.
 */
export function linkOnPublicUrl(url: string, publicUrl: string) {
  const { origin } = new URL(publicUrl);
  const given = new URL(url, origin);
  // Joined as text: resolving a path that starts with '//' would change the host.
  const link = new URL(`${origin}${given.pathname}${given.search}`);
  const callback = link.searchParams.get('callbackURL');
  if (callback !== null && !staysOn(origin, callback)) link.searchParams.set('callbackURL', '/');
  return link.toString();
}

function staysOn(origin: string, target: string) {
  try {
    return new URL(target, origin).origin === origin;
  } catch {
    return false;
  }
}
