import { composeMail } from '../mail/compose.ts';

type Recipient = { email: string; name: string };

export const verifyEmailMail = (to: Recipient, url: string) =>
  composeMail(
    to,
    'Confirm your email address for ECParts',
    ['Please confirm that this is your email address. The link works for one hour.'],
    { label: 'Confirm my email', url },
  );

export const resetPasswordMail = (to: Recipient, url: string) =>
  composeMail(
    to,
    'Reset your ECParts password',
    [
      'Someone asked to reset the password of your ECParts account. If it was you, choose a new password with the link below; it works for one hour.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
