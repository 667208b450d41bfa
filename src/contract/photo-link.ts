// Kept free of zod: the server's mapping of stored rows uses it as well as the schemas.

/**
 * A photo the shop shows beside a person's name (profile, reviews): an https address, or a
 * path of our own. A path starts with one slash: `//host/x.png` and `/\host/x.png` are read
 * by browsers as addresses on another host, and plain http would be mixed content on https.
 */
export function isPhotoLink(value: string) {
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  if (!/^https:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}
