/**
 * An operation's operationId derived from its method and path (openapi-summaries.ts or the route's schema may name
 * it instead): GET /api/users/:id/cards is listUserCards. Path parameters make the segment before them one item; the
 * last segment names what is listed, created, read, changed or deleted, or, for a POST to a segment that is not a
 * collection (/login, /authorizations/:id/capture), the action itself.
 */

const NOT_PLURAL = /(ss|us|ics|ings)$/;
const isPlural = (word: string) => word.endsWith('s') && !NOT_PLURAL.test(word);
const singular = (word: string) =>
  !isPlural(word) ? word : word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.slice(0, -1);

interface Parts {
  /** The path's words, without /api and parameters, each segment's words joined by spaces. */
  segments: string[];
  /** Whether the path ends with a parameter (/users/:id). */
  endsWithItem: boolean;
  /** The segment before each parameter made singular. */
  nouns: string[];
}

function partsOf(url: string): Parts {
  const raw = url.split('/').filter((segment) => segment !== '' && segment !== 'api');
  const nouns: string[] = [];
  raw.forEach((segment, index) => {
    if (segment.startsWith(':') || segment === '*') return;
    const words = segment.replace(/[-_]/g, ' ');
    nouns.push(raw[index + 1]?.startsWith(':') ? singular(words) : words);
  });
  return { segments: nouns, endsWithItem: raw.at(-1)?.startsWith(':') ?? false, nouns };
}

type Verb = 'list' | 'get' | 'create' | 'update' | 'delete' | string;

/** The verb and the object words, most specific first: ['list', 'cards', 'user'] for GET /api/users/:id/cards. */
function phraseOf(method: string, url: string): { verb: Verb; objects: string[] } {
  const { nouns, endsWithItem } = partsOf(url);
  const last = nouns.at(-1) ?? 'root';
  const owners = nouns.slice(0, -1).reverse();
  switch (method) {
    case 'GET':
      return { verb: !endsWithItem && isPlural(last) ? 'list' : 'get', objects: [last, ...owners] };
    case 'POST':
      if (endsWithItem || isPlural(last)) return { verb: 'create', objects: [singular(last), ...owners] };
      return { verb: last, objects: owners };
    case 'PUT':
    case 'PATCH':
      return { verb: 'update', objects: [last, ...owners] };
    case 'DELETE':
      return { verb: 'delete', objects: [last, ...owners] };
    default:
      return { verb: method.toLowerCase(), objects: [last, ...owners] };
  }
}

const pascal = (words: string) =>
  words
    .split(' ')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
const camel = (words: string) => {
  const joined = pascal(words);
  return joined[0]!.toLowerCase() + joined.slice(1);
};

/** listUserCards for GET /api/users/:id/cards; captureSimulatorAuthorization for POST .../authorizations/:id/capture. */
export function operationIdOf(method: string, url: string): string {
  const { verb, objects } = phraseOf(method, url);
  return camel(verb) + [...objects].reverse().map(pascal).join('');
}
