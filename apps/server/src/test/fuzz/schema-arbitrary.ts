import fc from 'fast-check';
import { TEAM_COLORS } from '@wallet/contract';
import { hostileValue } from './hostile.js';

/** The JSON Schema subset zod writes into the OpenAPI document. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

export interface GenOptions {
  /** Ids to put in fields named like ids: this organisation's objects and another organisation's. */
  ids: fc.Arbitrary<number>;
  /** Mix hostile values in at every level; without it values fit the schema (so requests reach the services). */
  hostile: boolean;
  /** The right kind of id for a field (card_id -> the organisation's cards), tried first. */
  fieldIds?: Record<string, fc.Arbitrary<number>>;
}

/** Fitting but awkward text: control characters, unicode, markup, whitespace (NUL and lone surrogates are hostile). */
const TRICKY_TEXT = [
  'tab\there',
  'line\nbreak',
  '\u0007bell',
  'ÄÖÜ ß é',
  '🙂🙂',
  '\u202eevil',
  'İı',
  "O'Brien",
  '<b>x</b>',
  '   x   ',
  '%s%n',
  'ﷺ',
];

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Values the JSON Schema can't say (zod refinements): fields by name, so fitting bodies get past them. */
const FIELD_HINTS: Record<string, fc.Arbitrary<unknown>> = {
  color: fc.constantFrom(...TEAM_COLORS),
  email: fc.oneof(
    { arbitrary: fc.nat(99_999).map((n) => `person${n}@example.test`), weight: 4 },
    { arbitrary: fc.emailAddress(), weight: 1 },
  ),
  start_date: fc.integer({ min: 1, max: 60 }).map(isoDay),
  end_date: fc.integer({ min: 61, max: 400 }).map(isoDay),
  from: fc.integer({ min: -400, max: 0 }).map(isoDay),
  to: fc.integer({ min: 0, max: 30 }).map(isoDay),
};

const isIdField = (name: string) => /(^|_)id$|Id$/.test(name);
const clamp = (value: number) => Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value));

function stringFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 60));
  switch (schema.format) {
    case 'email':
      return fc.oneof(
        { arbitrary: fc.nat(99_999).map((n) => `person${n}@example.test`), weight: 4 },
        { arbitrary: fc.emailAddress(), weight: 1 },
      );
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
    default:
  }
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity));
    } catch {
      // a pattern fast-check can't read: plain strings below
    }
  }
  const tricky = TRICKY_TEXT.filter((text) => text.length >= minLength && text.length <= maxLength);
  const plain = fc.string({ unit: 'grapheme', minLength, maxLength });
  return tricky.length
    ? fc.oneof({ arbitrary: plain, weight: 3 }, { arbitrary: fc.constantFrom(...tricky), weight: 1 })
    : plain;
}

function numberFor(schema: JsonSchema, integer: boolean, name: string, options: GenOptions): fc.Arbitrary<unknown> {
  const fitting = options.fieldIds?.[name];
  if (integer && fitting) return fc.oneof({ arbitrary: fitting, weight: 3 }, { arbitrary: options.ids, weight: 1 });
  if (integer && isIdField(name)) return options.ids;
  const min = clamp(
    schema.minimum ??
      (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -1_000_000),
  );
  const max = clamp(
    schema.maximum ??
      (schema.exclusiveMaximum !== undefined
        ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON)
        : 1_000_000_000),
  );
  if (min > max) return fc.constant(min);
  if (integer)
    return fc.oneof(
      fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
      fc.constantFrom(Math.ceil(min), Math.floor(max)),
    );
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectFor(schema: JsonSchema, depth: number, options: GenOptions): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) shape[key] = valueFor(property, depth + 1, key, options);
  const required = (schema.required ?? []).filter((key) => key in shape);
  const complete = fc.record(shape, { requiredKeys: required });
  // Unknown keys ride along (they must be stripped); hostile ones include prototype pollution.
  const junkKeys = options.hostile
    ? ['__proto__', 'constructor', 'org_id', 'id', 'role', 'is_admin']
    : ['org_id', 'id', 'role', 'is_admin', 'extra'];
  const withJunk = fc
    .tuple(
      complete,
      fc.dictionary(
        fc.constantFrom(...junkKeys),
        options.hostile ? hostileValue() : fc.constantFrom(1, 'super-admin', true),
        { maxKeys: 2 },
      ),
    )
    .map(([value, junk]) => ({ ...junk, ...value }));
  if (!options.hostile) return fc.oneof({ arbitrary: complete, weight: 6 }, { arbitrary: withJunk, weight: 1 });
  // Sometimes required keys go missing.
  const partial = fc.record(shape, { requiredKeys: [] });
  return fc.oneof(
    { arbitrary: complete, weight: 6 },
    { arbitrary: partial, weight: 1 },
    { arbitrary: withJunk, weight: 1 },
  );
}

/** A value for the schema: fitting (so requests reach the service code), or with hostile values mixed in at every level. */
export function valueFor(
  schema: JsonSchema | undefined,
  depth = 0,
  name = '',
  options: GenOptions,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return options.hostile ? hostileValue(name) : fc.constant(null);
  const fitting = fittingValue(schema, depth, name, options);
  return options.hostile
    ? fc.oneof({ arbitrary: fitting, weight: 7 }, { arbitrary: hostileValue(name), weight: 1 })
    : fitting;
}

/** Bodies: a third fit the schema exactly, the rest carry hostile values somewhere. */
export function bodyFor(
  schema: JsonSchema | undefined,
  ids: fc.Arbitrary<number>,
  fieldIds?: GenOptions['fieldIds'],
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: valueFor(schema, 0, '', { ids, hostile: false, fieldIds }), weight: 2 },
    { arbitrary: valueFor(schema, 0, '', { ids, hostile: true, fieldIds }), weight: 3 },
    { arbitrary: hostileValue(), weight: 1 },
  );
}

function fittingValue(schema: JsonSchema, depth: number, name: string, options: GenOptions): fc.Arbitrary<unknown> {
  if (FIELD_HINTS[name]) return FIELD_HINTS[name];
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((branch) => fittingValue(branch, depth, name, options)));
  if (schema.allOf?.length) return fittingValue(Object.assign({}, ...schema.allOf) as JsonSchema, depth, name, options);
  const types = [schema.type ?? (schema.properties ? 'object' : 'any')].flat();
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'object':
          return objectFor(schema, depth, options);
        case 'array': {
          const minLength = schema.minItems ?? 0;
          return fc.array(valueFor(schema.items, depth + 1, name, options), {
            minLength,
            maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)),
          });
        }
        case 'string':
          return stringFor(schema);
        case 'integer':
          return numberFor(schema, true, name, options);
        case 'number':
          return numberFor(schema, false, name, options);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        default:
          return options.hostile ? hostileValue(name) : fc.oneof(fc.string(), fc.integer(), fc.boolean());
      }
    }),
  );
}
