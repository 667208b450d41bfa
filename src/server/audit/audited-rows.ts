import type { Db, Transaction } from '../db/client.ts';
import { notFound } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { recordAudit, type AuditActor, type AuditTarget } from './record.ts';

type Action = 'create' | 'update' | 'delete';

/**
 * The writes to a table that admins edit row by row (shipping methods, tax rates): each in one
 * transaction with its audit line (`<targetType>.<action>`, summarised by `summaries`), so the
 * change and its record stand or fall together. Changing or removing a row that is not there is
 * a 404 (`what` not found), with nothing audited; an id that is no UUID names no row and is not
 * looked up. A change may take another shape than an addition (`Patch`: some fields only).
 */
export function auditedRows<Row extends { id: string }, Input, Patch = Input>(table: {
  what: string;
  targetType: AuditTarget;
  insert: (tx: Transaction, input: Input) => Promise<Row>;
  update: (tx: Transaction, id: string, input: Patch) => Promise<Row | undefined>;
  remove: (tx: Transaction, id: string) => Promise<Row | undefined>;
  summaries: Record<Action, (row: Row) => string>;
}) {
  const write = <Written extends Row | undefined>(
    db: Db,
    actor: AuditActor,
    action: Action,
    run: (tx: Transaction) => Promise<Written>,
  ) =>
    db.transaction(async (tx) => {
      const row = await run(tx);
      if (row) {
        await recordAudit(tx, actor, {
          action: `${table.targetType}.${action}`,
          targetType: table.targetType,
          targetId: row.id,
          summary: table.summaries[action](row),
        });
      }
      return row;
    });
  const writeById = async (
    db: Db,
    actor: AuditActor,
    id: string,
    action: Action,
    run: (tx: Transaction) => Promise<Row | undefined>,
  ) => {
    const row = isUuid(id) ? await write(db, actor, action, run) : undefined;
    if (!row) throw notFound(table.what);
    return row;
  };
  return {
    add: (db: Db, actor: AuditActor, input: Input) =>
      write(db, actor, 'create', (tx) => table.insert(tx, input)),
    change: (db: Db, actor: AuditActor, id: string, input: Patch) =>
      writeById(db, actor, id, 'update', (tx) => table.update(tx, id, input)),
    remove: (db: Db, actor: AuditActor, id: string) =>
      writeById(db, actor, id, 'delete', (tx) => table.remove(tx, id)),
  };
}
