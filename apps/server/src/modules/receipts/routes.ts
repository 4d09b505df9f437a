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
  receiptChangedSchema,
  receiptItemSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { validationFailed } from '../../http/errors.js';
import { requireUser } from '../../http/guards.js';
import { readUpload } from '../../http/upload.js';
import { presentReceipt } from './presenter.js';
import {
  attachReceipt,
  checkReceiptUpload,
  getReachableReceipt,
  localReceiptStorage,
  readReceiptFile,
  removeReceipt,
  type ReceiptsDeps,
} from './service.js';

const params = z.object({ id: idSchema });

/** Receipts on posted transactions (issue 21 point 1): their cardholder's own, or any for an admin. */
export async function receiptRoutes(fastify: FastifyInstance) {
  // One file per request, 10 MB; a larger one is cut off and refused, never held whole in memory.
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ReceiptsDeps = { db: fastify.deps.db, storage: localReceiptStorage(fastify.deps.config.dataDir) };

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
        response: { 200: fileResponse(Object.values(RECEIPT_CONTENT_TYPES), 'The receipt file as uploaded') },
      },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const { receipt, bytes } = await readReceiptFile(deps, org.id, userOf(request), request.params.id);
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
