// What the exports' readers share: the days asked for and the size of one page read.

/** Rows read from the database at a time: one page is all an export holds in memory. */
export const EXPORT_PAGE_SIZE = 1000;

/** From the start of `since` (UTC) to before the start of the day after the last. */
export type ExportWindow = { since?: Date; before?: Date };
