import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormObject, FormValue } from './form-values.js';

/**
 * Checks a request against Stripe's published OpenAPI description (vendor/stripe-openapi/spec3.json, ARCHITECTURE.md D9):
 * the method and path must be a documented operation, every form or query parameter (nested ones such as
 * spending_controls[spending_limits][0][amount] too) must be in that operation's schema, and every value must fit its
 * documented type and enum. The fake Stripe runs every request through it, so the adapter can't drift from what
 * Stripe documents. Test support only; the spec is parsed once per process (per test file) and its operations cached.
 */

/** The subset of JSON Schema Stripe's description uses for request parameters (no $ref inside requests). */
interface Schema {
  type?: 'object' | 'array' | 'string' | 'boolean' | 'integer' | 'number';
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  format?: string;
}

interface Operation {
  method: string;
  /** As documented, e.g. /v1/issuing/cards/{card}. */
  path: string;
  operationId: string;
  pattern: RegExp;
  /** Path templates with fewer parameters win (/v1/issuing/cards/search before /v1/issuing/cards/{card}). */
  templateParams: number;
  body: Schema | undefined;
  query: Record<string, Schema>;
}

/**
 * Parameters Stripe accepts but its published description of this version does not list, each with the reason we send
 * it. Anything else undocumented is refused.
 */
export const UNDOCUMENTED_PARAMETERS: ReadonlyArray<{
  method: string;
  path: string;
  parameter: string;
  reason: string;
}> = [
  {
    method: 'POST',
    path: '/v1/topups',
    parameter: 'destination_balance',
    reason:
      "Stripe's Issuing funding guide tops up the Issuing balance with destination_balance=issuing; without it the money " +
      'lands in the payments balance, which cards cannot spend. The public description (2023-08-16) and the SDK types omit it.',
  },
];

/**
 * Stripe's description and fixtures, vendored in the repository (vendor/stripe-openapi, copied from the project's
 * shared folder with its SOURCE.json) so a clean clone tests against them with nothing outside it.
 */
export const STRIPE_OPENAPI_DIR =
  process.env.STRIPE_OPENAPI_DIR ?? fileURLToPath(new URL('../../../../../vendor/stripe-openapi/', import.meta.url));

export interface StripeSpec {
  /** The description's API version (info.version), e.g. 2023-08-16. */
  version: string;
  /** The documented operation for this method and path, or undefined. */
  operation(method: string, path: string): { operationId: string; path: string } | undefined;
  /** Why the request isn't what Stripe documents (naming the operation and the parameter), or null when it is. */
  check(method: string, path: string, query: FormObject, body: FormObject): string | null;
}

let cached: StripeSpec | undefined;

/** Loads (once) and indexes the description's operations. */
export function stripeSpec(): StripeSpec {
  cached ??= buildSpec(JSON.parse(readFileSync(path.join(STRIPE_OPENAPI_DIR, 'spec3.json'), 'utf8')) as RawSpec);
  return cached;
}

interface RawOperation {
  operationId: string;
  parameters?: Array<{ in: string; name: string; schema: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface RawSpec {
  info: { version: string };
  paths: Record<string, Record<string, RawOperation>>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function buildSpec(raw: RawSpec): StripeSpec {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(raw.paths)) {
    const parts = template.split(/\{[^}]+\}/);
    const pattern = new RegExp(`^${parts.map(escapeRegExp).join('[^/]+')}$`);
    for (const [method, op] of Object.entries(methods)) {
      const query: Record<string, Schema> = {};
      for (const parameter of op.parameters ?? [])
        if (parameter.in === 'query') query[parameter.name] = parameter.schema;
      operations.push({
        method: method.toUpperCase(),
        path: template,
        operationId: op.operationId,
        pattern,
        templateParams: parts.length - 1,
        body: op.requestBody?.content?.['application/x-www-form-urlencoded']?.schema,
        query,
      });
    }
  }
  operations.sort((a, b) => a.templateParams - b.templateParams);

  const find = (method: string, requestPath: string) =>
    operations.find((op) => op.method === method && op.pattern.test(requestPath));

  return {
    version: raw.info.version,
    operation(method, requestPath) {
      const op = find(method, requestPath);
      return op && { operationId: op.operationId, path: op.path };
    },
    check(method, requestPath, query, body) {
      const op = find(method, requestPath);
      if (!op) return `${method} ${requestPath} is not an operation in Stripe's API description (${raw.info.version}).`;
      const name = `${op.operationId} (${method} ${op.path})`;
      const allowed = (parameter: string) =>
        UNDOCUMENTED_PARAMETERS.some((u) => u.method === method && u.path === op.path && u.parameter === parameter);
      // The SDK sends GET parameters in the query string and POST parameters in the body.
      const querySchema: Schema = { type: 'object', properties: op.query, additionalProperties: false };
      const problem =
        checkValue(query, querySchema, '', allowed) ??
        (Object.keys(body).length > 0
          ? checkValue(body, op.body ?? { type: 'object', properties: {} }, '', allowed)
          : null);
      return problem && `${name}: ${problem}`;
    },
  };
}

const key = (prefix: string, segment: string | number) => (prefix === '' ? String(segment) : `${prefix}[${segment}]`);

/** Null when `value` (as parsed from Stripe's form encoding: strings, arrays, objects) fits `schema`; else why not. */
function checkValue(
  value: FormValue,
  schema: Schema,
  at: string,
  allowed: (parameter: string) => boolean,
): string | null {
  if (schema.anyOf) {
    const problems = schema.anyOf.map((alternative) => checkValue(value, alternative, at, allowed));
    if (problems.some((problem) => problem === null)) return null;
    // The most telling reason: one from an alternative of the value's own shape, when there is one.
    return problems.find((problem) => !problem!.includes('must be')) ?? (problems[0] as string);
  }
  if (typeof value === 'string') {
    if (schema.type === 'object' || schema.type === 'array')
      return `parameter ${at} must be ${schema.type === 'object' ? 'an object' : 'a list'}, not a string.`;
    if (schema.enum && !schema.enum.includes(value))
      return `parameter ${at} has the value '${value}', which is not one of ${schema.enum.map((v) => `'${String(v)}'`).join(', ')}.`;
    if (schema.type === 'integer' && !/^-?\d+$/.test(value))
      return `parameter ${at} must be an integer, not '${value}'.`;
    if (schema.type === 'number' && !/^-?\d+(\.\d+)?$/.test(value))
      return `parameter ${at} must be a number, not '${value}'.`;
    if (schema.type === 'boolean' && value !== 'true' && value !== 'false')
      return `parameter ${at} must be true or false, not '${value}'.`;
    return null;
  }
  if (Array.isArray(value)) {
    if (schema.type !== 'array')
      return `parameter ${at} must be ${schema.type === 'object' ? 'an object' : `a single ${schema.type ?? 'value'}`}, not a list.`;
    for (const [index, item] of value.entries()) {
      const problem = checkValue(item, schema.items ?? {}, key(at, index), allowed);
      if (problem) return problem;
    }
    return null;
  }
  if (schema.type !== 'object')
    return `parameter ${at} must be ${schema.type === 'array' ? 'a list' : `a single ${schema.type ?? 'value'}`}, not an object.`;
  for (const [name, item] of Object.entries(value)) {
    const parameter = key(at, name);
    const documented =
      schema.properties?.[name] ??
      (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    if (!documented) {
      if (allowed(parameter)) continue;
      return `parameter ${parameter} is not documented.`;
    }
    const problem = checkValue(item, documented, parameter, allowed);
    if (problem) return problem;
  }
  return null;
}
