import { z } from 'zod';

import type { ListMeta } from '../lists.js';

/** A list page's meta (ListMeta, built by the server's listMeta). */
export const listMetaSchema = z.object({
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
  total_is_lower_bound: z.literal(true).optional(),
}) satisfies z.ZodType<ListMeta>;

/** { data } of one item. */
export const dataOf = <Schema extends z.ZodType>(data: Schema) => z.object({ data });
/** { data, message }: a change done, with the toast the web shows. */
export const dataWithMessageOf = <Schema extends z.ZodType>(data: Schema) => z.object({ data, message: z.string() });
/** A page of a list: { data: [...], meta }. */
export const pageOf = <Schema extends z.ZodType>(item: Schema) =>
  z.object({ data: z.array(item), meta: listMetaSchema });
/** { message } alone: a change done that returns nothing else. */
export const messageSchema = z.object({ message: z.string() });

/**
 * A file or a stream (CSV, image, event stream): documented by its content types as a binary string, typed unknown so
 * a handler may send a Buffer or a stream (Fastify never serialises those).
 */
export const fileResponse = (contentTypes: string | readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(
    [contentTypes]
      .flat()
      .map((type) => [type, { schema: z.string().meta({ format: 'binary' }) as unknown as z.ZodType<unknown> }]),
  ),
});

/** The image types the server stores and serves (avatars, logos). */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * An answer without a body: a redirect (its Location) or a 204. Documented as type null (the API document shows no
 * content); typed void so a handler's reply.send() or reply.redirect() needs no payload (none is ever serialised).
 */
export const emptyResponse = (description: string) => z.null().describe(description) as unknown as z.ZodType<void>;

/** GET /api/docs: an OpenAPI 3.1 document, passed through whole. */
export const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('The OpenAPI document');

/** GET /healthz: the process answers (the orchestrator's probe; not in the API document). */
export const healthSchema = z.object({ status: z.literal('ok') });

/** An HTML page (the development mailbox). */
export const pageResponse = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() as unknown as z.ZodType<unknown> } },
});

/** A CSV download (an attachment). */
export const csvResponse = (description: string) => fileResponse('text/csv', description);
