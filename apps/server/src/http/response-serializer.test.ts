import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { droppedFields, responseSerializerCompiler } from './response-serializer.js';

describe('droppedFields', () => {
  it('names the fields, nested and in arrays, that the serialised answer lost', () => {
    const sent = { data: [{ id: 1, name: 'a', extra: true }], meta: { total: 1, gone: null }, skipped: undefined };
    const serialised = { data: [{ id: 1, name: 'a' }], meta: { total: 1 } };
    expect(droppedFields(sent, serialised)).toEqual(['data[0].extra', 'meta.gone']);
    expect(droppedFields(sent.data, sent.data)).toEqual([]);
  });
});

describe('responseSerializerCompiler', () => {
  const appWith = async (strict: boolean) => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler(strict));
    const response = { 200: z.object({ id: z.number() }) };
    app.get('/thing', { schema: { response } }, async () => ({ id: 1, forgotten: 'by the schema' }));
    await app.ready();
    return app;
  };

  it('fails an answer whose schema drops a field when strict (tests, development)', async () => {
    const app = await appWith(true);
    expect((await app.inject('/thing')).statusCode).toBe(500);
  });

  it('strips unknown fields quietly in production', async () => {
    const app = await appWith(false);
    expect((await app.inject('/thing')).json()).toEqual({ id: 1 });
  });
});
