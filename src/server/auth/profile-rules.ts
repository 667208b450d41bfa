import { APIError } from 'better-auth/api';
import { isPhotoLink } from '../../contract/photo-link.ts';
import { profileInput, withoutBidiControls } from '../../contract/users.ts';

/** Better Auth's routes where people type their own name and photo link. */
const TYPED_BY_THE_USER = new Set(['/sign-up/email', '/update-user']);

/**
 * Holds the name and photo a user sets through Better Auth to the profile form's rules, as our
 * own upsert does; Better Auth alone would store any value (an empty or 5,000-character name,
 * a number, a javascript: link). What a social provider sends is taken as it comes, except
 * for bidirectional controls in the name, which no name keeps, and a photo on a host the shop
 * does not show photos from (see PHOTO_HOSTS), which is left out rather than refuse the sign-in.
 */
export function checkTypedProfile<T extends { name?: unknown; image?: unknown }>(
  data: T,
  path: string | undefined,
): T {
  if (path === undefined || !TYPED_BY_THE_USER.has(path)) {
    return {
      ...data,
      ...(typeof data.name === 'string' ? { name: withoutBidiControls(data.name) } : {}),
      ...(typeof data.image === 'string' && !isPhotoLink(data.image) ? { image: null } : {}),
    };
  }
  const checked = profileInput.partial().safeParse({
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.image !== undefined && data.image !== null ? { image: data.image } : {}),
  });
  if (!checked.success) {
    throw new APIError('BAD_REQUEST', {
      message: checked.error.issues[0]?.message ?? 'Please check your name and photo link',
    });
  }
  const { name, image } = checked.data;
  return {
    ...data,
    ...(name !== undefined ? { name } : {}),
    ...(image !== undefined ? { image: image === '' ? null : image } : {}),
  };
}
