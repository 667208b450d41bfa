import {
  COMPANY_EXPORT,
  exportFileName,
  exportScope,
  exportStatuses,
  type ExportQuery,
} from '../../../contract/exports.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { csvStream } from '../../lib/csv-stream.ts';
import type { ExportWindow } from '../../lib/export-window.ts';
import { exportSources } from './sources.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days asked for, inclusive, as instants: from the first's midnight (UTC) to the next. */
function windowOf(query: ExportQuery): ExportWindow {
  return {
    ...(query.from ? { since: new Date(`${query.from}T00:00:00.000Z`) } : {}),
    ...(query.to ? { before: new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS) } : {}),
  };
}

export function exportHandlers({ db }: { db: Db }): Handlers<'exportCsv'> {
  return {
    async exportCsv({ params, query, reply, request, user }) {
      const { name } = params;
      // The table lets a key with either scope in; each export asks for its own.
      if (user.apiKey && !user.apiKey.scopes.includes(exportScope[name])) {
        throw new AppError('forbidden', `This API key lacks the scope ${exportScope[name]}.`);
      }
      if (query.status && !exportStatuses[name].includes(query.status)) {
        const taken = exportStatuses[name];
        throw new AppError(
          'bad_request',
          taken.length === 0
            ? `status: the ${name} export takes no status`
            : `status: the ${name} export takes ${taken.join(', ')}`,
        );
      }
      if (query.company && name !== COMPANY_EXPORT) {
        throw new AppError('bad_request', `company: the ${name} export takes no company`);
      }
      // Read before the answer starts, so that a failure here is still a proper error.
      const source = await exportSources[name](db, windowOf(query), query);
      void reply.header(
        'content-disposition',
        `attachment; filename="${exportFileName(name, new Date(), source.about)}"`,
      );
      // Private data: no shared cache keeps it.
      void reply.header('cache-control', 'no-store');
      return csvStream(source, {
        excel: query.excel === '1',
        onError: (err) => request.log.error({ err }, `the ${name} export stopped part-way`),
      });
    },
  };
}
