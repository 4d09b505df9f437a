import { z } from 'zod';

/**
 * Every error answer's body (apps/server/src/http/error-handler.ts): a message for people and, on a 422, the messages
 * of each field that failed (dotted paths for nested fields: billing.line1).
 */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A route's error answers beyond the ones the API document derives from its guards and schemas (401, 404, 419, 422). */
export const errorResponses = <Status extends number>(...statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<Status, typeof errorBodySchema>;
