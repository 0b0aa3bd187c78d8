import { pino } from 'pino';
import type { Config } from '#server/config.ts';

export type Logger = pino.Logger;

/** JSON lines on standard output; request lines carry `requestId`. Secrets in headers never reach the log. */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  stream?: { write(line: string): void },
): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  return stream ? pino(options, stream) : pino(options);
}
