/**
 * The rows of a statement run with `execute(sql…)`. Drizzle types its result by the driver's
 * (PGlite's and node-postgres's differ), but both carry the rows as `rows`; the caller names
 * their shape, which SQL written by hand cannot infer.
 */
export const rawRows = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
