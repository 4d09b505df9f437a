import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/**
 * The logger's options: nothing secret in a log line. Requests are logged by method, redacted URL, host and
 * address (no headers, no bodies); headers and well-known secret fields are censored wherever an object that
 * carries them is logged.
 */
export const REDACTED = '[Redacted]';

/** Query parameters whose values are credentials: mailed tokens, SSO tokens, OAuth codes and state, signatures. */
const SECRET_QUERY_NAME = /token|code|state|secret|password|signature|key|nonce|jwt/i;
/** Paths whose last segment is a single-use credential (the one-click mail links). */
const TOKEN_PATHS = [/^(\/api\/approval-links\/)[^/?#]+/, /^(\/api\/registration-requests\/links\/)[^/?#]+/];

/** The URL as it may be logged: mail-link tokens in the path and secret-looking query values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt < 0 ? url : url.slice(0, queryAt);
  for (const pattern of TOKEN_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_QUERY_NAME.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'current_password',
  'token',
  'recovery_code',
  'cvc',
  'number',
  'card_number',
  'secret',
  'client_secret',
  'code_verifier',
  'access_token',
  'id_token',
  'refresh_token',
  'sessionToken',
];

/** pino redact paths: request/response headers that carry credentials, and secret fields of any logged object. */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["stripe-signature"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
