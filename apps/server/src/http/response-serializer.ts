import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The dotted paths of `sent` (as JSON) that `serialised` no longer has: fields a response schema dropped. */
export function droppedFields(sent: unknown, serialised: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(serialised))
    return sent.flatMap((item, index) => droppedFields(item, serialised[index], `${path}[${index}]`));
  if (!sent || typeof sent !== 'object' || !serialised || typeof serialised !== 'object') return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (value === undefined) return [];
    if (!(key in serialised)) return [at];
    return droppedFields(value, (serialised as Record<string, unknown>)[key], at);
  });
}

/**
 * fastify-type-provider-zod's serialiser (each answer encoded by its route's zod response schema, unknown keys
 * stripped). Under test it also fails an answer whose schema dropped a field the route sent: a schema that forgets a
 * field the web reads would otherwise remove it silently.
 */
export function responseSerializerCompiler(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  if (!strict) return serializerCompiler as FastifySerializerCompiler<z.ZodType>;
  return (route) => {
    const serialise = (serializerCompiler as FastifySerializerCompiler<z.ZodType>)(route);
    return (data) => {
      const json = serialise(data);
      const dropped = droppedFields(JSON.parse(JSON.stringify(data)), JSON.parse(json));
      if (dropped.length > 0)
        throw new Error(`${route.method} ${route.url}: the response schema drops ${dropped.slice(0, 10).join(', ')}`);
      return json;
    };
  };
}
