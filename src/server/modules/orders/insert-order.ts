import { randomUUID } from 'node:crypto';
import { getTableColumns, is, SQL, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TimelineEntry } from '../../../contract/order-delivery.ts';
import type { OrderEventKind } from '../../../contract/order-events.ts';
import type { Executor } from '../../db/client.ts';
import { orderEvents, orderLines, orders } from '../../db/schema.ts';
import type { NewLine, NewOrder, OrderLineRow, OrderRow } from './repository.ts';
import { rawRows } from '../../db/raw-rows.ts';

// Writing a new order is the costliest step of every checkout and one-line order. Drizzle's
// insert names each of the order's 40-odd columns (DEFAULT for those not given) and RETURNING
// maps every one back, and the lines and the timeline's first entry each took a round trip of
// their own: together more than all the rest that delivery added to a checkout (bench/README.md,
// "Checkout with shipping and tax"). So it is one statement, naming only the columns given,
// returning only what the database makes; the row answered is what was written.

type Values = Record<string, unknown>;

/**
 * `insert into <table> (<the columns given>) values (…), …`. Each value goes in as the driver
 * takes it, encoded by its column as Drizzle's own insert does (JSON as text, a date as ISO
 * text): a plain value costs Drizzle's builder far less than a Param, and a row as an array is
 * one parenthesised list.
 */
function insertInto(table: PgTable, rows: readonly Values[]) {
  const columns: Record<string, Column> = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) =>
    rows.some((row) => row[key] !== undefined),
  );
  const encoded = (value: unknown, column: Column) =>
    value === undefined
      ? sql`default`
      : value === null || is(value, SQL)
        ? value
        : column.mapToDriverValue(value);
  // The schema's own column names: nothing to escape in them.
  const names = sql.raw(keys.map((key) => `"${columns[key]!.name}"`).join(', '));
  const tuples = rows.map((row) => sql`${keys.map((key) => encoded(row[key], columns[key]!))}`);
  return sql`insert into ${table} (${names}) values ${sql.join(tuples, sql`, `)}`;
}

const orderColumns = Object.entries(getTableColumns(orders) as Record<string, Column>);

/**
 * What the insert leaves to the database, read back: the columns given as SQL (the hold's end),
 * and those not given whose value only the database knows (the number, the creation time).
 */
const madeByDatabase = (given: Values) =>
  orderColumns
    .filter(([key, column]) =>
      given[key] === undefined
        ? column.generatedIdentity !== undefined || is(column.default, SQL)
        : is(given[key], SQL),
    )
    .map(([, column]) => column);

/**
 * The new row: what the database made, read as Drizzle reads it; else each column as given;
 * else its default as the schema states it (a copy, so that no two rows share one array); else
 * null.
 */
function writtenRow(given: Values, made: Values): OrderRow {
  const row: Values = {};
  for (const [key, column] of orderColumns) {
    if (column.name in made) row[key] = column.mapFromDriverValue(made[column.name]);
    else if (given[key] !== undefined) row[key] = given[key];
    else row[key] = column.hasDefault ? structuredClone(column.default ?? null) : null;
  }
  return row as OrderRow;
}

/**
 * Writes an order, its lines and the first entry of its timeline in one statement; its hold
 * ends `holdMinutes` from now on the database's clock. Answers the rows as written.
 */
export async function insertOrderWithLines(
  tx: Executor,
  order: NewOrder,
  lines: NewLine[],
  holdMinutes: number,
  first: { event: OrderEventKind; detail: string },
) {
  // Known before the insert, so the lines and the entry can name their order in the same statement.
  const id = randomUUID();
  const given: Values = {
    // Priced for delivery later (the checkout and order flows): until then, the goods alone.
    grandTotalCents: order.totalCents,
    ...order,
    id,
    // The database's clock, the one the expiry sweep compares with.
    holdUntil: sql`now() + make_interval(secs => ${holdMinutes * 60})`,
  };
  const lineRows: OrderLineRow[] = lines.map((line, i) => ({
    ...line,
    orderId: id,
    lineNo: i + 1,
    cancelled: 0,
  }));
  const returned = madeByDatabase(given);
  const result = await tx.execute(sql`
    with new_order as (
      ${insertInto(orders, [given])}
      returning ${sql.join(
        returned.map((column) => sql.identifier(column.name)),
        sql`, `,
      )}
    ),
    ${lineRows.length > 0 ? sql`new_lines as (${insertInto(orderLines, lineRows)}),` : sql``}
    first_event as (
      ${insertInto(orderEvents, [{ orderId: id, ...first }])}
      returning ${sql.identifier(orderEvents.at.name)} as event_at
    )
    select * from new_order, first_event`);
  // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`, timestamps as text.
  const [made] = rawRows<Values>(result);
  if (!made) throw new Error('the new order was not written');
  const at = new Date(made.event_at as string | Date).toISOString();
  const timeline: TimelineEntry[] = [{ at, ...first }];
  return { row: writtenRow(given, made), lines: lineRows, timeline };
}
