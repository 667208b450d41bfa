// Kept free of zod so the first paint of the storefront does not load it.

export const REVIEW_PREVIEW_LENGTH = 20;

/** The home carousel shows the first 20 characters, then an ellipsis. */
export const reviewPreview = (text: string) =>
  text.length > REVIEW_PREVIEW_LENGTH ? `${text.slice(0, REVIEW_PREVIEW_LENGTH)}…` : text;
