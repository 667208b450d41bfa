import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { packingSlipsPdf, pickListPdf } from './papers.ts';

/** The orders desk's papers for the warehouse, as PDFs to print (shown in the tab). */
export const warehouseHandlers = ({ db }: { db: Db }): Handlers<'pickList' | 'packingSlips'> => ({
  pickList: async ({ query, reply }) => {
    const { bytes, fileName } = await pickListPdf(db, query);
    void reply.header('content-disposition', `inline; filename="${fileName}"`);
    return bytes;
  },
  packingSlips: async ({ query, reply }) => {
    const { bytes, fileName } = await packingSlipsPdf(db, query);
    void reply.header('content-disposition', `inline; filename="${fileName}"`);
    return bytes;
  },
});
