import { MAX_PAGE_SIZE, PAGE_SIZES } from '@wallet/contract';
import { z } from 'zod';
import { badRequest, validationFailed } from './errors.js';

/**
 * The list conventions of ARCHITECTURE.md D6: filter[...], sort (comma list, '-' for descending), include, fields[...],
 * page[number], page[size] (max 200). Anything a route does not declare is a 400 naming it.
 */
export interface ListSpec<Filters extends Record<string, z.ZodType>, Sort extends string, Include extends string> {
  filters: Filters;
  sorts: readonly Sort[];
  includes?: readonly Include[];
  /** fields[type] -> the columns that may be asked for. */
  fields?: Record<string, readonly string[]>;
  /** Other top-level parameters the route reads itself (e.g. append). */
  extra?: readonly string[];
  defaultSort: string;
  defaultPageSize?: number;
}

export interface SortTerm<Sort extends string> {
  column: Sort;
  direction: 'asc' | 'desc';
}

export interface ListQuery<Filters extends Record<string, z.ZodType>, Sort extends string, Include extends string> {
  filters: { [K in keyof Filters]?: z.output<Filters[K]> };
  sort: SortTerm<Sort>[];
  includes: Set<Include>;
  fields: Record<string, string[]>;
  page: { number: number; size: number };
}

const pageNumber = z.coerce
  .number({ error: 'The page number must be a number.' })
  .int('The page number must be a whole number.')
  .min(1, 'The page number must be at least 1.')
  .max(1_000_000, 'The page number is too large.');
const pageSize = z.coerce
  .number({ error: 'The page size must be a number.' })
  .int('The page size must be a whole number.')
  .min(1, 'The page size must be at least 1.')
  .max(MAX_PAGE_SIZE, `The page size may not be greater than ${MAX_PAGE_SIZE}.`);

const bracketed = /^(\w+)\[([\w.]+)\]$/;

function single(value: unknown): string {
  return Array.isArray(value) ? String(value[value.length - 1]) : String(value);
}

function commaList(value: unknown): string[] {
  return single(value)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function parseListQuery<Filters extends Record<string, z.ZodType>, Sort extends string, Include extends string>(
  query: Record<string, unknown>,
  spec: ListSpec<Filters, Sort, Include>,
): ListQuery<Filters, Sort, Include> {
  const filters: Record<string, unknown> = {};
  const fields: Record<string, string[]> = {};
  const errors: Record<string, string[]> = {};
  let sortParam: string | undefined;
  let includeParam: string[] = [];
  const page = { number: 1, size: spec.defaultPageSize ?? PAGE_SIZES.table };

  for (const [key, raw] of Object.entries(query)) {
    const match = bracketed.exec(key);
    if (match) {
      const [, group, name] = match as unknown as [string, string, string];
      if (group === 'filter') {
        const schema = spec.filters[name];
        if (!schema) throw badRequest(`Unknown filter: ${name}.`);
        const parsed = schema.safeParse(single(raw));
        if (parsed.success) filters[name] = parsed.data;
        else errors[`filter.${name}`] = parsed.error.issues.map((issue) => issue.message);
      } else if (group === 'fields') {
        const allowed = spec.fields?.[name];
        if (!allowed) throw badRequest(`Unknown fields type: ${name}.`);
        const asked = commaList(raw);
        const unknown = asked.filter((field) => !allowed.includes(field));
        if (unknown.length) throw badRequest(`Unknown field: ${unknown.join(', ')}.`);
        fields[name] = asked;
      } else if (group === 'page' && (name === 'number' || name === 'size')) {
        const parsed = (name === 'number' ? pageNumber : pageSize).safeParse(single(raw));
        if (parsed.success) page[name] = parsed.data;
        else errors[`page.${name}`] = parsed.error.issues.map((issue) => issue.message);
      } else {
        throw badRequest(`Unknown parameter: ${key}.`);
      }
    } else if (key === 'sort') {
      sortParam = single(raw);
    } else if (key === 'include') {
      includeParam = commaList(raw);
    } else if (!spec.extra?.includes(key)) {
      throw badRequest(`Unknown parameter: ${key}.`);
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);

  const sort = commaList(sortParam ?? spec.defaultSort).map((term) => {
    const descending = term.startsWith('-');
    const column = descending ? term.slice(1) : term;
    if (!(spec.sorts as readonly string[]).includes(column)) throw badRequest(`Unknown sort: ${column}.`);
    return { column: column as Sort, direction: descending ? ('desc' as const) : ('asc' as const) };
  });
  const allowedIncludes = (spec.includes ?? []) as readonly string[];
  const unknownInclude = includeParam.filter((include) => !allowedIncludes.includes(include));
  if (unknownInclude.length) throw badRequest(`Unknown include: ${unknownInclude.join(', ')}.`);

  return {
    filters: filters as ListQuery<Filters, Sort, Include>['filters'],
    sort,
    includes: new Set(includeParam as Include[]),
    fields,
    page,
  };
}

export function listMeta(
  total: number,
  page: { number: number; size: number },
  options: { lowerBound?: boolean } = {},
) {
  return {
    total,
    current_page: page.number,
    per_page: page.size,
    last_page: Math.max(1, Math.ceil(total / page.size)),
    ...(options.lowerBound && { total_is_lower_bound: true as const }),
  };
}

/** Querystring schema for list routes: flat keys like filter[x]; parseListQuery does the real checking. */
export const listQuerystring = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
