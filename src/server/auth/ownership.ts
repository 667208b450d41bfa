import { AppError } from '../errors.ts';
import type { CurrentUser } from './guards.ts';

/** The signed-in user acting on their own email, or (when allowed) an admin acting for them. */
export function assertOwnEmail(
  user: CurrentUser,
  email: string,
  { adminToo = false }: { adminToo?: boolean } = {},
) {
  if (user.email === email.toLowerCase()) return user;
  if (adminToo && user.role === 'admin') return user;
  throw new AppError('forbidden', 'You can only do this for your own account.');
}
