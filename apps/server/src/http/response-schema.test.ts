import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastResponseSerializer, schemaMismatches, serialisationSchemaOf } from './response-schema.js';

const item = z.object({
  id: z.number().int(),
  note: z.string().nullable(),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  tags: z.array(z.string()).optional(),
  extra: z.record(z.string(), z.string().nullable()),
  anything: z.unknown(),
});
const page = z.object({ data: z.array(item), meta: z.object({ total: z.number().int() }) });

describe('serialisationSchemaOf', () => {
  it('writes a nullable object as a type list, not anyOf', () => {
    const schema = serialisationSchemaOf(item) as { properties: { owner: { type: unknown; anyOf?: unknown } } };
    expect(schema.properties.owner.type).toEqual(['object', 'null']);
    expect(schema.properties.owner.anyOf).toBeUndefined();
  });
});

describe('schemaMismatches', () => {
  it('names the fields, nested and in arrays, that the schema has no property for', () => {
    const sent = {
      data: [{ id: 1, note: null, owner: { id: 2, name: 'a', secret: 'x' }, extra: { city: 'b' }, anything: { a: 1 } }],
      meta: { total: 1, gone: 2 },
      skipped: undefined,
    };
    expect(schemaMismatches(sent, serialisationSchemaOf(page))).toEqual(['data[0].owner.secret', 'meta.gone']);
    expect(schemaMismatches({ data: [{ id: 1 }] }, serialisationSchemaOf(page))).toEqual([
      'meta (missing)',
      'data[0].note (missing)',
      'data[0].extra (missing)',
    ]);
  });
});

describe('fastResponseSerializer', () => {
  const answer: z.output<typeof page> = {
    data: [
      { id: 1, note: 'n', owner: { id: 2, name: 'Ada' }, tags: ['x'], extra: { city: null }, anything: [1, 'two'] },
      { id: 3, note: null, owner: null, extra: {}, anything: null },
      { id: 4, note: 'quote " and \u2028', extra: { a: 'b' }, anything: { deep: { a: [1] } } },
    ],
    meta: { total: 3 },
  };

  const appWith = async (strict: boolean, body: unknown) => {
    const app = Fastify();
    app.get(
      '/thing',
      { serializerCompiler: fastResponseSerializer(strict), schema: { response: { 200: page } } },
      () => body,
    );
    await app.ready();
    return app;
  };

  it('writes the same JSON as zod encode and JSON.stringify', async () => {
    const app = await appWith(true, answer);
    const response = await app.inject('/thing');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(JSON.stringify(z.encode(page, answer)));
  });

  it('fails an answer without a required field', async () => {
    expect((await (await appWith(true, { data: [] })).inject('/thing')).statusCode).toBe(500);
  });

  it('fails an answer whose schema drops a field when strict, and drops it quietly otherwise', async () => {
    const body = { ...answer, forgotten: 'by the schema' };
    expect((await (await appWith(true, body)).inject('/thing')).statusCode).toBe(500);
    expect((await (await appWith(false, body)).inject('/thing')).json()).toEqual(answer);
  });
});
