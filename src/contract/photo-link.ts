// Kept free of zod: the server's mapping of stored rows uses it as well as the schemas.

/**
 * Where the social sign-ins keep the profile photos they hand over: Google's `picture`
 * (lh3.googleusercontent.com, lh4 to lh6 on older accounts), GitHub's `avatar_url` and
 * Facebook's `picture.data.url` (platform-lookaside.fbsbx.com; graph.facebook.com's
 * /{id}/picture redirects there). No other host serves a photo the shop shows: a photo is
 * fetched by every visitor of the cached public pages, so a link to a stranger's server
 * would be a tracking pixel. The CSP's img-src lists the same hosts.
 */
export const PHOTO_HOSTS = [
  'lh3.googleusercontent.com',
  'lh4.googleusercontent.com',
  'lh5.googleusercontent.com',
  'lh6.googleusercontent.com',
  'avatars.githubusercontent.com',
  'platform-lookaside.fbsbx.com',
  'graph.facebook.com',
] as const;

export const PHOTO_LINK_RULE =
  'Photo link must be one of our images (a path starting with /) or your Google, GitHub or ' +
  'Facebook profile photo (https://)';

/**
 * A photo the shop shows beside a person's name (profile, reviews): a path of our own, or an
 * https address on one of `PHOTO_HOSTS`. A path starts with one slash: `//host/x.png` and
 * `/\host/x.png` are read by browsers as addresses on another host.
 */
export function isPhotoLink(value: string) {
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  if (!/^https:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      url.port === '' &&
      url.username === '' &&
      (PHOTO_HOSTS as readonly string[]).includes(url.hostname)
    );
  } catch {
    return false;
  }
}
