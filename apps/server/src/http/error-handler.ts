import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@wallet/contract';
import { HttpError, validationFailed } from './errors.js';

interface FieldIssue {
  instancePath: string;
  message?: string;
}

/** Turns schema issues into { field: [messages] }; nested paths are dotted (billing.line1). */
export function fieldErrors(issues: readonly FieldIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    (errors[field] ??= []).push(issue.message ?? MESSAGES.invalidData);
  }
  return errors;
}

const statusMessages: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
};

/** One renderer for every error: known errors keep their status and message; unexpected 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, ...(error.errors && { errors: error.errors }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const failed = validationFailed(fieldErrors(error.validation));
      return reply.code(422).send({ message: failed.message, errors: failed.errors });
    }
    const known = error.code ? statusMessages[error.code] : undefined;
    if (known) return reply.code(known.status).send({ message: known.message });
    if (error instanceof SyntaxError) return reply.code(400).send({ message: MESSAGES.malformedJson });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MESSAGES.serverError });
  });
}
