import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '@wallet/contract';
import { orgOf } from '../../http/context.js';
import { requireAdmin } from '../../http/guards.js';
import { attachmentName } from '../../http/csv.js';
import { listQuerystring } from '../../http/list-query.js';
import { localReceiptStorage, receiptsOfPeriod } from '../receipts/service.js';
import { accountingExportFile, parseAccountingQuery } from './accounting-export.js';
import type { CopyConnections } from './csv-export.js';
import { writeReceiptsArchive } from './receipts-archive.js';

/**
 * Month-end accounting (issue 21.7), for admins: the period's reviewed transactions as a QuickBooks Online or Xero
 * bank-statement CSV (a ZIP of them past what one import takes), and the period's receipts as a ZIP. Both are
 * streamed; a failure part-way cuts the download rather than ending a file that looks whole. Registered by
 * expensesRoutes, whose export connections (csv-export.ts: a COPY holds one for the whole download) the statements
 * share with the report export.
 */
export async function accountingExportRoutes(fastify: FastifyInstance, options: { copies: CopyConnections }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const { copies } = options;
  const storage = localReceiptStorage(fastify.deps.config.dataDir);

  /** Streams `write`'s bytes as the answer; a failure part-way is logged and cuts the download. */
  const streamed = (
    log: { error(details: object, message: string): void },
    write: (out: PassThrough) => Promise<void>,
  ) => {
    const body = new PassThrough();
    write(body).catch((error: unknown) => {
      if (!body.destroyed) log.error({ err: error }, 'an accounting download failed part-way');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return body;
  };

  app.get(
    '/api/expenses/accounting-export',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: listQuerystring,
        response: {
          200: fileResponse(
            ['text/csv', 'application/zip'],
            "The period's reviewed transactions as a QuickBooks Online or Xero statement: one CSV, or a ZIP of CSV " +
              'files when the period holds more than one import takes (ACCOUNTING_FILE_LIMITS)',
          ),
        },
      },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const { format, period } = parseAccountingQuery(request.query, true);
      const baseName = `${org.slug}-${format}-${period.from}-to-${period.to}`;
      const file = await accountingExportFile(db, copies, { orgId: org.id, format, period }, (part) =>
        attachmentName(`${baseName}-part-${String(part).padStart(3, '0')}.csv`),
      );
      file.body.on('error', (error) => request.log.error({ err: error }, 'an accounting download failed part-way'));
      return reply
        .header('content-type', file.zip ? 'application/zip' : 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${attachmentName(`${baseName}.${file.zip ? 'zip' : 'csv'}`)}"`,
        )
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/api/expenses/receipts-archive',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: listQuerystring,
        response: { 200: fileResponse('application/zip', "The receipts of the period's transactions as a ZIP") },
      },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const { period } = parseAccountingQuery(request.query, false);
      const fileName = attachmentName(`${org.slug}-receipts-${period.from}-to-${period.to}.zip`);
      const body = streamed(request.log, (out) =>
        writeReceiptsArchive(receiptsOfPeriod({ db, storage }, org.id, period), out),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
