import fc from 'fast-check';

/** JSON text written as is: numbers JSON.stringify can't produce (1e309, 2^63 exactly, 1e-400). */
export class RawJson {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

/** JSON.stringify that writes RawJson verbatim (and undefined as null), so a body can carry overflowing numbers. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const deepArray = new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`);
const deepObject = new RawJson(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`);

export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\uffff',
  '\u202eevil',
  '🙂'.repeat(300),
  'ﷺ',
  'İı',
  'ß',
  'Ä'.normalize('NFD'),
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  '%00',
  '%',
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1e309',
  '9223372036854775808',
  '-9223372036854775809',
  '0x1F',
  '1,5',
  '1.5',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '10000-01-01',
  '2024-13-01T25:61:61Z',
  '9999-12-31T23:59:59.999Z',
  'true',
  '[]',
  '{}',
  '\r\nSet-Cookie: x=1',
  'a'.repeat(256),
  'x'.repeat(100_000),
  'é'.repeat(50_000),
  '9'.repeat(5000),
  '__proto__',
  'constructor',
] as const;

export const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  0.001,
  0.5,
  1.5,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  99_999_999_999,
] as const;

export const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '123456789012345678901234567890',
  '1e-400',
  '-0.0',
  '1E2',
  '0.1e1',
] as const;

export const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
);

export const nastyNumber = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 4 },
  { arbitrary: fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)), weight: 3 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
);

/** Money: negative, fractional, overflowing, or money written as text. */
export const nastyAmount = fc.oneof(
  { arbitrary: nastyNumber, weight: 5 },
  { arbitrary: fc.constantFrom('100', '1.00', '$5', '1e3', '-0', ''), weight: 1 },
);

export const nastyStructure = fc.oneof(
  fc.constantFrom<unknown>(
    [],
    [null],
    {},
    [[[[[]]]]],
    { a: { b: { c: {} } } },
    new Array(5000).fill(1),
    deepArray,
    deepObject,
    true,
    false,
    null,
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Any hostile value for a field; amounts get more of the money kind. */
export function hostileValue(fieldName = ''): fc.Arbitrary<unknown> {
  const moneyish = /amount|limit|cents|balance|spending/i.test(fieldName);
  return fc.oneof(
    { arbitrary: fc.constant(null), weight: 2 },
    { arbitrary: nastyString, weight: 3 },
    { arbitrary: moneyish ? nastyAmount : nastyNumber, weight: moneyish ? 6 : 3 },
    { arbitrary: nastyStructure, weight: 2 },
  );
}

/** A path segment: numbers that overflow or aren't ids, junk, unicode; always URL-encoded. */
export const nastySegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '1e309',
    '2147483648',
    '9223372036854775808',
    '99999999999999999999',
    'abc',
    'null',
    ' ',
    '%00',
    '..',
    '9'.repeat(400),
    'x'.repeat(3000),
  ),
  nastyString.filter((value) => value.length > 0 && value.length < 2000),
);

/** encodeURIComponent, but a lone surrogate (which it refuses) goes out as the raw bytes a client could send. */
export function encodeLoose(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Buffer.from(value, 'utf8')
      .toString('latin1')
      .replace(/[^A-Za-z0-9]/g, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  }
}

/** Header values a client can actually send (printable latin-1, no CR/LF). */
export const headerValue = fc.oneof(
  fc.constantFrom(
    '',
    '*/*',
    'gzip',
    'br',
    'identity',
    'x'.repeat(8000),
    '1.2.3.4, 999.999.999.999, ::1',
    'W/"x"',
    'bytes=0-1,-1',
    'javascript:alert(1)',
    'Wed, 21 Oct 2015 07:28:00 GMT',
    '../..',
    'null',
  ),
  fc.string({ unit: fc.constantFrom(...'abcXYZ019 -_.,;:=/"\'()[]{}<>?@%*!~\u00e9\u00ff'.split('')), maxLength: 60 }),
);

export const HEADER_NAMES = [
  'accept',
  'accept-language',
  'accept-encoding',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'if-none-match',
  'if-modified-since',
  'range',
  'referer',
  'origin',
  'x-http-method-override',
  'idempotency-key',
  'x-request-id',
  'stripe-signature',
  'authorization',
  'content-encoding',
  'expect',
] as const;

export const extraHeaders = fc.dictionary(fc.constantFrom(...HEADER_NAMES), headerValue, { maxKeys: 3 });
