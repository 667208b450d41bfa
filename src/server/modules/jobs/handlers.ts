import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Handlers } from '../../http/handler.ts';
import type { JobQueue } from './queue.ts';
import { findJob, jobAnswer } from './repository.ts';

export const jobHandlers = ({
  db,
  queue,
}: {
  db: Db;
  queue: Pick<JobQueue, 'retry'>;
}): Handlers<'getJob' | 'retryJob'> => ({
  getJob: async ({ params: { id } }) => {
    const row = isUuid(id) ? await findJob(db, id) : undefined;
    if (!row) throw notFound('Job');
    return jobAnswer(row);
  },
  retryJob: async ({ params: { id } }) => {
    const row = isUuid(id) ? await findJob(db, id) : undefined;
    if (!row) throw notFound('Job');
    const retried = await queue.retry(id);
    if (!retried)
      throw new AppError(
        'conflict',
        `Only a failed job can be retried: this one is ${row.status}.`,
      );
    return jobAnswer(retried);
  },
});
