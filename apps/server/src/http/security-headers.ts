import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** false: this route's answers carry no security headers (a machine reads them, never a browser). */
    helmet?: false;
  }
  interface FastifyContextConfig {
    securityHeaders?: false;
  }
}

/**
 * The headers Helmet writes for these options (CSP, framing, sniffing, referrer ...), computed once. They depend on
 * the configuration only, never on the request, so running Helmet's middleware on every request (as @fastify/helmet
 * does: it builds the middleware anew each time) spent CPU on every answer for the same few strings.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

/** Every answer gets the security headers, except routes declared with `helmet: false`. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRoute', (route) => {
    if ((route as { helmet?: false }).helmet === false) route.config = { ...route.config, securityHeaders: false };
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) void reply.headers(headers);
    done();
  });
}
