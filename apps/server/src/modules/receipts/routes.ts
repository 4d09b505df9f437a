import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import {
  RECEIPT_CONTENT_TYPES,
  RECEIPT_FIELD,
  RECEIPT_MAX_BYTES,
  RECEIPT_MESSAGES,
  emptyResponse,
  errorResponses,
  fileResponse,
  idSchema,
  RECEIPT_INBOX_TEXTS,
  attachInboxReceiptSchema,
  receiptChangedSchema,
  receiptInboxPageSchema,
  receiptItemSchema,
  receiptsUploadedSchema,
  type ReceiptType,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { badRequest, HttpError, validationFailed } from '../../http/errors.js';
import { requireUser } from '../../http/guards.js';
import { readUpload } from '../../http/upload.js';
import { listMeta, listQuerystring, parseListQuery } from '../../http/list-query.js';
import { startReceiptMailInbox } from './mail-inbox.js';
import { presentReceipt, presentReceipts } from './presenter.js';
import { asJpeg } from './preview.js';
import {
  attachInboxReceipt,
  attachReceipt,
  checkReceiptUpload,
  listInbox,
  uploadToInbox,
  getReachableReceipt,
  localReceiptStorage,
  readReceiptFile,
  removeReceipt,
  type ReceiptsDeps,
} from './service.js';

const params = z.object({ id: idSchema });
/** as=jpeg: a HEIC photo converted for a browser to show (others come as uploaded). */
const fileQuery = z.object({ as: z.enum(['jpeg'], { error: 'as may only be jpeg.' }).optional() });
/** Most receipts one inbox upload takes. */
const MAX_INBOX_FILES = 20;

/** Receipts on posted transactions (issue 21 point 1): their cardholder's own, or any for an admin. */
export async function receiptRoutes(fastify: FastifyInstance) {
  // One file per request, 10 MB; a larger one is cut off and refused, never held whole in memory.
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ReceiptsDeps = {
    db: fastify.deps.db,
    storage: localReceiptStorage(fastify.deps.config.dataDir),
    jobs: fastify.deps.jobs,
  };
  const { config } = fastify.deps;
  if (config.RECEIPTS_SMTP_PORT !== undefined) {
    let mailInbox: Awaited<ReturnType<typeof startReceiptMailInbox>> | undefined;
    fastify.addHook('onReady', async () => {
      mailInbox = await startReceiptMailInbox(
        {
          ...deps,
          jobs: fastify.deps.jobs,
          hostRules: { appDomain: config.APP_DOMAIN, defaultOrg: config.DEFAULT_ORG, servedIps: config.SERVED_IPS },
        },
        { port: config.RECEIPTS_SMTP_PORT!, host: config.HOST },
      );
    });
    fastify.addHook('onClose', async () => mailInbox?.close());
  }

  /** The inbox (issue 21.3): many receipts at once, unattached; each is read and matched in the background. */
  app.post(
    '/api/receipts',
    { onRequest: requireUser, schema: { response: { 201: receiptsUploadedSchema, ...errorResponses(400) } } },
    async (request, reply) => {
      const org = orgOf(request);
      const uploads: Array<{ bytes: Buffer; type: ReceiptType; fileName: string | undefined }> = [];
      if (request.isMultipart()) {
        try {
          for await (const file of request.files({ limits: { files: MAX_INBOX_FILES } })) {
            const bytes = await file.toBuffer();
            if (file.fieldname !== RECEIPT_FIELD) continue;
            // The first file refused refuses the upload: nothing is stored.
            uploads.push({ bytes, type: checkReceiptUpload(bytes, file.file.truncated), fileName: file.filename });
          }
        } catch (error) {
          if (error instanceof HttpError) throw error;
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE')
            throw validationFailed({ [RECEIPT_FIELD]: [RECEIPT_MESSAGES.tooLarge] });
          if (code === 'FST_FILES_LIMIT')
            throw validationFailed({ [RECEIPT_FIELD]: [`Up to ${MAX_INBOX_FILES} receipts at once.`] });
          // Anything else is a body that isn't readable multipart: the client's (400), as for any upload.
          throw badRequest('The upload could not be read. Choose the receipts again.');
        }
      }
      if (uploads.length === 0) throw validationFailed({ [RECEIPT_FIELD]: [RECEIPT_MESSAGES.missing] });
      const rows = await uploadToInbox({ ...deps, jobs: fastify.deps.jobs }, org.id, userOf(request), uploads);
      return reply.code(201).send({
        data: await presentReceipts(deps.db, org.id, rows),
        message: RECEIPT_INBOX_TEXTS.uploaded(rows.length),
      });
    },
  );

  app.get(
    '/api/receipts',
    { onRequest: requireUser, schema: { querystring: listQuerystring, response: { 200: receiptInboxPageSchema } } },
    async (request) => {
      const query = parseListQuery(request.query, {
        filters: {},
        sorts: ['created_at'] as const,
        defaultSort: '-created_at',
        defaultPageSize: 20,
      });
      const org = orgOf(request);
      const { rows, total } = await listInbox(deps.db, org.id, userOf(request), query.page);
      return {
        data: await presentReceipts(deps.db, org.id, rows),
        meta: listMeta(total, query.page),
      };
    },
  );

  app.post(
    '/api/receipts/:id/attach',
    {
      onRequest: requireUser,
      schema: { params, body: attachInboxReceiptSchema, response: { 200: receiptChangedSchema } },
    },
    async (request) => {
      const org = orgOf(request);
      const receipt = await attachInboxReceipt(
        deps,
        org.id,
        userOf(request),
        request.params.id,
        request.body.expense_id,
      );
      return { data: await presentReceipt(deps.db, receipt), message: RECEIPT_MESSAGES.attached };
    },
  );

  app.post(
    '/api/expenses/:id/receipts',
    {
      onRequest: requireUser,
      schema: { params, response: { 201: receiptChangedSchema, ...errorResponses(400) } },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const upload = await readUpload(request);
      if (upload.bytes && upload.fieldName !== RECEIPT_FIELD)
        throw validationFailed({ [RECEIPT_FIELD]: [RECEIPT_MESSAGES.missing] });
      const type = checkReceiptUpload(upload.bytes, upload.truncated);
      const { receipt, replaced } = await attachReceipt(deps, org.id, userOf(request), request.params.id, {
        bytes: upload.bytes!,
        type,
        fileName: upload.fileName,
      });
      return reply.code(201).send({
        data: await presentReceipt(deps.db, receipt),
        message: replaced ? RECEIPT_MESSAGES.replaced : RECEIPT_MESSAGES.attached,
      });
    },
  );

  app.get(
    '/api/receipts/:id',
    { onRequest: requireUser, schema: { params, response: { 200: receiptItemSchema } } },
    async (request) => {
      const org = orgOf(request);
      const receipt = await getReachableReceipt(deps.db, org.id, userOf(request), request.params.id);
      return { data: await presentReceipt(deps.db, receipt) };
    },
  );

  app.get(
    '/api/receipts/:id/file',
    {
      onRequest: requireUser,
      schema: {
        params,
        querystring: fileQuery,
        response: {
          200: fileResponse(
            Object.values(RECEIPT_CONTENT_TYPES),
            'The receipt file as uploaded; with as=jpeg a HEIC photo comes as a JPEG a browser shows',
          ),
        },
      },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const file = await readReceiptFile(deps, org.id, userOf(request), request.params.id);
      const { receipt, bytes } = request.query.as === 'jpeg' ? await asJpeg(file) : file;
      const asciiName = receipt.file_name.replace(/[^\w.() -]+/g, '_');
      return (
        reply
          .header('content-type', RECEIPT_CONTENT_TYPES[receipt.type])
          .header(
            'content-disposition',
            `inline; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(receipt.file_name)}`,
          )
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // Nothing in a receipt runs: no scripts, no requests; an image is also sandboxed (a PDF viewer refuses that).
          .header(
            'content-security-policy',
            receipt.type === 'pdf' ? "default-src 'none'" : "default-src 'none'; img-src 'self'; sandbox",
          )
          .send(bytes)
      );
    },
  );

  app.delete(
    '/api/receipts/:id',
    { onRequest: requireUser, schema: { params, response: { 204: emptyResponse(RECEIPT_MESSAGES.removed) } } },
    async (request, reply) => {
      const org = orgOf(request);
      await removeReceipt(deps, org.id, userOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
