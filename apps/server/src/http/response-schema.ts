import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * The JSON schema fast-json-stringify compiles from a zod response schema. A nullable object or array comes out of zod
 * as anyOf [X, null], which fast-json-stringify resolves per value by validating every branch; a type list
 * ['object', 'null'] says the same and is a plain check.
 */
export function serialisationSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' }) as JsonSchema;
  return withNullableTypes(json) as JsonSchema;
}

function withNullableTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableTypes);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withNullableTypes(value)] as const);
  const json = Object.fromEntries(entries) as JsonSchema;
  const branches = json.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(json).length === 1) {
    const nonNull = branches.find((branch: JsonSchema) => branch.type !== 'null') as JsonSchema | undefined;
    const hasNull = branches.some((branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1);
    if (nonNull && hasNull && typeof nonNull.type === 'string') return { ...nonNull, type: [nonNull.type, 'null'] };
  }
  return json;
}

/** z.unknown(): any value, undefined included, written whole. */
const acceptsAnything = (schema: JsonSchema) => !('type' in schema || 'properties' in schema || 'items' in schema);

/**
 * What the serialiser would get wrong in `sent`, as dotted paths: fields the schema has no property for (they would be
 * dropped) and required fields missing ("path (missing)").
 */
export function schemaMismatches(sent: unknown, schema: JsonSchema, path = ''): string[] {
  if (sent === null || typeof sent !== 'object') return [];
  if (typeof (sent as { toJSON?: unknown }).toJSON === 'function') return [];
  if (Array.isArray(schema.anyOf)) {
    const byBranch = (schema.anyOf as JsonSchema[]).map((branch) => schemaMismatches(sent, branch, path));
    return byBranch.find((problems) => problems.length === 0) ?? byBranch[0] ?? [];
  }
  if (acceptsAnything(schema)) return [];
  if (Array.isArray(sent)) {
    const items = schema.items as JsonSchema | undefined;
    return items ? sent.flatMap((item, index) => schemaMismatches(item, items, `${path}[${index}]`)) : [];
  }
  const at = (key: string) => (path ? `${path}.${key}` : key);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const additional = schema.additionalProperties;
  const problems = ((schema.required ?? []) as string[])
    .filter((key) => (sent as Record<string, unknown>)[key] === undefined && !acceptsAnything(properties[key] ?? {}))
    .map((key) => `${at(key)} (missing)`);
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    const property = properties[key] ?? (typeof additional === 'object' ? (additional as JsonSchema) : undefined);
    if (property) problems.push(...schemaMismatches(value, property, at(key)));
    else if (additional !== true) problems.push(at(key));
  }
  return problems;
}

/** The schema without its required lists: fast-json-stringify writes required properties first, zod in shape order. */
function inShapeOrder(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inShapeOrder);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'required' && Array.isArray(value)))
      .map(([key, value]) => [key, inShapeOrder(value)]),
  );
}

/**
 * Fastify types a route's serializerCompiler with the route's whole schema; it is called with each response schema
 * (here a zod one), so the compiler is generic.
 */
type ResponseSerializerCompiler = <Schema>(route: FastifyRouteSchemaDef<Schema>) => (data: unknown) => string;

/**
 * A route's serializerCompiler: its zod response schema compiled once into fast-json-stringify, so an answer is
 * written by generated code instead of zod's encode plus JSON.stringify (list endpoints, ISSUE 19.9), byte for byte
 * the same JSON. Fields outside the schema are dropped, as zod drops them; when `strict` (tests, development) an
 * answer with such a field, or without a required one, fails as responseSerializerCompiler's would, checked by a
 * walk of the answer against the schema rather than zod's parse and two JSON round trips.
 */
export function fastResponseSerializer(strict: boolean): ResponseSerializerCompiler {
  return ({ schema, method, url }) => {
    const json = serialisationSchemaOf(schema as z.ZodType);
    const stringify = fastJsonStringify(inShapeOrder(json) as Schema);
    if (!strict) return stringify;
    return (data) => {
      const problems = schemaMismatches(data, json);
      if (problems.length > 0)
        throw new Error(
          `${method} ${url}: the answer does not fit its response schema: ${problems.slice(0, 10).join(', ')}`,
        );
      return stringify(data);
    };
  };
}
