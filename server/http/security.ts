import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { RECORDING_HOST } from '#common/dictionary.ts';

/**
 * Security headers for every answer. The Content-Security-Policy allows no inline script; inline styles are
 * allowed because Radix UI's scroll lock injects a <style> element, which carries no script.
 *
 * helmet works the headers out once, at start-up; each answer gets a copy. (@fastify/helmet builds a new
 * helmet middleware per request, which cost 40% of the throughput of a small JSON route: docs/decisions/049.)
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  siteUrl: string,
  mediaOrigins: string[] = [],
): void {
  const isHttps = siteUrl.startsWith('https://');
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        // Dictionary recordings play from Wikimedia Commons (issue 23: server/dictionary/wiktextract/sounds.ts).
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins, `https://${RECORDING_HOST}`],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense, and only binds browsers, when the site is served over HTTPS.
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const headers = headersOf(applyHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets; none depend on the request, so they are worked out once. */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
