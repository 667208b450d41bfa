import type { Db } from '../../db/client.ts';
import { checkImportFile } from './check-file.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { isUuid } from '../../lib/ids.ts';
import { claimApply, findImport, previewOf } from '../../modules/imports/repository.ts';
import type { JobQueue } from '../../modules/jobs/queue.ts';
import { queues } from '../../modules/jobs/queues.ts';
import { insertJob } from '../../modules/jobs/repository.ts';

class ClaimedElsewhere extends Error {}

export const importHandlers = ({
  db,
  queue,
}: {
  db: Db;
  queue: Pick<JobQueue, 'send'>;
}): Handlers<'startImport' | 'getImport' | 'applyImport'> => ({
  startImport: async ({ body, user }) =>
    checkImportFile(db, {
      kind: body.kind,
      companyId: body.companyId ?? null,
      file: body.file,
      startedBy: { id: user.id, email: user.email },
    }),
  getImport: async ({ params: { id } }) => {
    const found = isUuid(id) ? await findImport(db, id) : undefined;
    if (!found) throw notFound('Import');
    return previewOf(found);
  },
  applyImport: async ({ params: { id }, user }) => {
    const found = isUuid(id) ? await findImport(db, id) : undefined;
    if (!found) throw notFound('Import');
    if (found.preview.status !== 'valid') {
      throw new AppError('conflict', 'This import has errors: fix the file and send it again.');
    }
    // Asked twice (or by two admins at once): one job, and both hear of it.
    if (found.jobId) return { jobId: found.jobId };
    const claimed = await db
      .transaction(async (tx) => {
        const job = await insertJob(tx, {
          kind: queues.applyImport.name,
          input: { importId: id },
          startedBy: user.id,
        });
        // Another call claimed it first: this job is rolled back with the transaction.
        if (!(await claimApply(tx, id, job.id))) throw new ClaimedElsewhere();
        return job;
      })
      .catch(async (err: unknown) => {
        if (!(err instanceof ClaimedElsewhere)) throw err;
        return undefined;
      });
    if (!claimed) return { jobId: (await findImport(db, id))?.jobId ?? '' };
    await queue.send(claimed.kind, claimed.id);
    return { jobId: claimed.id };
  },
});
