import fc from 'fast-check';
import { encodeLoose, extraHeaders, nastySegment, nastyString, toJsonText } from './hostile.js';
import { bodyFor, type JsonSchema } from './schema-arbitrary.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the OpenAPI document at /api/docs. */
export interface FuzzRoute {
  method: Method;
  /** OpenAPI form: /api/cards/{id} */
  path: string;
  pathParams: string[];
  queryParams: Array<{ name: string; schema?: JsonSchema }>;
  body?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The route table, read from the OpenAPI document (so a new route is fuzzed without touching this file). */
export function routesFromOpenApi(document: { paths: Record<string, Record<string, OpenApiOperation>> }): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase() as Method,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map(({ name, schema }) => ({ name, schema })),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

export interface IdPools {
  /** Ids of objects in the fuzzed organisation (never a signed-in admin's own: see the admin pass; a member's own, yes). */
  own: number[];
  /**
   * Some of `own` by collection, tried more often where a path names that collection: a member reaches only their
   * own user, card, requests..., which would otherwise be drawn from `own` too seldom to get past the 404.
   */
  ownBy?: Record<string, number[]>;
  /**
   * Ids out of the signed-in user's reach by collection (users, cards, teams...): another organisation's, and for a
   * member other people's of their own organisation. A route given one where its path names that collection must
   * answer 4xx. Ids are per table, so another collection's id proves nothing.
   */
  foreign: Record<string, number[]>;
  /** Other path values worth trying by parameter name (e.g. segment -> the organisation's slug). */
  named: Record<string, string[]>;
  /** Body fields and the ids that fit them (user_id -> the member, card_id -> their card...). */
  byField: Record<string, number[]>;
}

export interface FuzzCase {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** A path parameter carried another organisation's id. */
  foreignId: boolean;
  describe(): string;
}

const LIST_KEYS = [
  'sort',
  'include',
  'filter[status]',
  'filter[user_id]',
  'filter[search]',
  'filter[nope]',
  'filter[team_id]',
  'page[number]',
  'page[size]',
  'fields[users]',
  'fields[cards]',
  'append',
  'period',
  'from',
  'to',
  'date',
  'year',
  'timezone',
];
const WEIRD_KEYS = ['__proto__', 'constructor[prototype][x]', 'filter[a][b]', 'filter[]', 'page', 'a[0]', '[', ''];

const rawQueryJunk = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '&&&',
  '==',
  'a=%00',
  'filter%5Bstatus%5D=x',
  'sort=' + 'a,'.repeat(500),
  'page[size]=1e309',
);

function queryFor(route: FuzzRoute, ids: fc.Arbitrary<number>): fc.Arbitrary<string> {
  const keys = fc.oneof(
    {
      arbitrary: fc.constantFrom(
        ...(route.queryParams.length ? route.queryParams.map((parameter) => parameter.name) : LIST_KEYS),
      ),
      weight: 4,
    },
    { arbitrary: fc.constantFrom(...LIST_KEYS), weight: 2 },
    { arbitrary: fc.constantFrom(...WEIRD_KEYS), weight: 1 },
  );
  const values = fc.oneof(
    { arbitrary: nastyString, weight: 4 },
    { arbitrary: ids.map(String), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '-created_at',
        'created_at',
        'amount,-id',
        'user,team',
        '1',
        '200',
        '201',
        '0',
        'true',
        'pending',
      ),
      weight: 2,
    },
  );
  const pairs = fc.array(fc.tuple(keys, fc.oneof(values, fc.array(values, { minLength: 2, maxLength: 3 }))), {
    maxLength: 4,
  });
  return fc.oneof(
    { arbitrary: fc.constant(''), weight: 2 },
    {
      arbitrary: pairs.map((list) =>
        list
          .flatMap(([key, value]) => [value].flat().map((item) => `${encodeLoose(key)}=${encodeLoose(String(item))}`))
          .join('&'),
      ),
      weight: 6,
    },
    { arbitrary: rawQueryJunk, weight: 1 },
  );
}

type Segment = { value: string; foreign: boolean };

/** The collection a path parameter points into: /api/cards/{id} -> cards, {userId} -> users, {approvalId} -> approvals. */
export function collectionOf(path: string, name: string): string | undefined {
  const named = /^(\w+)Id$/.exec(name);
  if (named) return `${named[1]}s`;
  const segments = path.split('/');
  const index = segments.indexOf(`{${name}}`);
  return index > 0 ? segments[index - 1] : undefined;
}

function segmentFor(path: string, name: string, pools: IdPools): fc.Arbitrary<Segment> {
  const plain = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((value) => ({ value, foreign: false }));
  const choices: Array<{ arbitrary: fc.Arbitrary<Segment>; weight: number }> = [
    { arbitrary: plain(nastySegment), weight: 3 },
  ];
  if (pools.named[name]?.length) choices.push({ arbitrary: plain(fc.constantFrom(...pools.named[name]!)), weight: 4 });
  if (/id$/i.test(name)) {
    const collection = collectionOf(path, name) ?? '';
    const foreign = pools.foreign[collection] ?? [];
    const anyForeign = Object.values(pools.foreign).flat();
    const mine = pools.ownBy?.[collection] ?? [];
    if (pools.own.length) choices.push({ arbitrary: plain(fc.constantFrom(...pools.own).map(String)), weight: 5 });
    if (mine.length) choices.push({ arbitrary: plain(fc.constantFrom(...mine).map(String)), weight: 4 });
    if (foreign.length)
      choices.push({
        arbitrary: fc.constantFrom(...foreign).map((id) => ({ value: String(id), foreign: true })),
        weight: 2,
      });
    if (anyForeign.length) choices.push({ arbitrary: plain(fc.constantFrom(...anyForeign).map(String)), weight: 1 });
  }
  return fc.oneof(...choices);
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
];

/** How the body goes out: JSON (fitting or hostile), malformed JSON, another content type, or nothing. */
function payloadFor(
  route: FuzzRoute,
  ids: fc.Arbitrary<number>,
  pools: IdPools,
): fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> {
  const fieldIds = Object.fromEntries(
    Object.entries(pools.byField)
      .filter(([, values]) => values.length)
      .map(([field, values]) => [field, fc.constantFrom(...values)]),
  );
  const json = bodyFor(route.body, ids, fieldIds).map((value) => toJsonText(value));
  const malformed = fc.constantFrom(
    '{"amount":',
    '{',
    '',
    'nul',
    '\u0000',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"a":1,"a":2}',
    '[1,2',
    '"\\ud800"',
    '{"amount":1e309}',
  );
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...JSON_TYPES), json)
        .map(([contentType, payload]) => ({ contentType, payload })),
      weight: route.body ? 12 : 4,
    },
    { arbitrary: malformed.map((payload) => ({ contentType: 'application/json', payload })), weight: 2 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'multipart/form-data',
            'application/xml',
            'application/octet-stream',
            'image/png',
            '',
          ),
          fc.oneof(
            nastyString,
            fc.constantFrom('amount=1&x[]=2', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'),
          ),
        )
        .map(([contentType, payload]) => ({ contentType: contentType || undefined, payload })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constant(Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]))
        .map((payload) => ({ contentType: 'application/json', payload })),
      weight: 1,
    },
    { arbitrary: fc.constant({}), weight: 1 },
  );
}

/** Every part of one request to `route`, hostile or fitting. */
export function caseFor(route: FuzzRoute, pools: IdPools): fc.Arbitrary<FuzzCase> {
  const ids = fc.oneof(
    ...(pools.own.length ? [{ arbitrary: fc.constantFrom(...pools.own), weight: 4 }] : []),
    ...(Object.values(pools.foreign).flat().length
      ? [{ arbitrary: fc.constantFrom(...Object.values(pools.foreign).flat()), weight: 1 }]
      : []),
    { arbitrary: fc.constantFrom(0, -1, 2 ** 31, 2 ** 53), weight: 1 },
  );
  const segments = fc.tuple(...route.pathParams.map((name) => segmentFor(route.path, name, pools)));
  const hasBody = route.method !== 'GET';
  return fc
    .record({
      segments,
      query: queryFor(route, ids),
      headers: extraHeaders,
      body: hasBody
        ? payloadFor(route, ids, pools)
        : fc.constant({} as { contentType?: string; payload?: string | Buffer }),
    })
    .map(({ segments: values, query, headers, body }) => {
      let index = 0;
      const path = route.path.replace(/\{[^}]+\}/g, () => encodeLoose(values[index++]!.value));
      const url = query ? `${path}?${query}` : path;
      const allHeaders: Record<string, string> = {
        ...headers,
        ...(body.contentType && { 'content-type': body.contentType }),
      };
      return {
        method: route.method,
        url,
        headers: allHeaders,
        payload: body.payload,
        foreignId: values.some((segment) => segment.foreign),
        describe() {
          const payload =
            body.payload === undefined
              ? ''
              : Buffer.isBuffer(body.payload)
                ? `<${body.payload.length} bytes>`
                : body.payload;
          return `${route.method} ${url.slice(0, 300)} headers=${JSON.stringify(allHeaders).slice(0, 300)} body=${payload.slice(0, 400)}${payload.length > 400 ? `...(${payload.length} chars)` : ''}`;
        },
      } satisfies FuzzCase;
    });
}

/** A multipart/form-data body with the given parts (files when filename is set). */
export function multipart(
  parts: Array<{ name: string; filename?: string; contentType?: string; content: Buffer | string }>,
  boundary = 'fuzzboundary7MA4YWxkTrZu0gW',
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
