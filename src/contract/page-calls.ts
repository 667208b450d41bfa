/**
 * While the server renders a page, the web app's API calls are answered in-process. A call the
 * server leaves to the browser (anything but a public read: the user's own data) fails with this
 * code, and the page renders it as still loading.
 */
export const BROWSER_ONLY_CALL = 'browser_only';

/** A call's failure as it crosses from the server's handlers to the web app's ApiError. */
export type CallFailure = { status: number; code: string; message: string };
