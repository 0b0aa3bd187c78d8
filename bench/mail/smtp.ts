// The mail server the mail benchmark sends to: smtp-server on loopback, in this process, noting when each mail
// has arrived. It takes `delayMs` to accept each one (DATA's final reply), as a distant provider does; a mail
// server on loopback answering at once would hide what sending one mail at a time costs.
import { SMTPServer } from 'smtp-server';
import { plainTextPart } from '../../server/testing/mime.ts';

export interface CaughtMail {
  /** The request's number, read from the redirect in the mail's link. */
  request: number;
  arrivedAt: number;
}

export interface BenchSmtp {
  url: string;
  caught: CaughtMail[];
  /** The most mails being delivered at the same moment. */
  peakInFlight(): number;
  close(): Promise<void>;
}

/** The request number a mail answers: its link carries redirect_to=…?request=N (URL-encoded). */
export function requestOf(raw: string): number | undefined {
  const match = plainTextPart(raw).match(/request%3D(\d+)/);
  return match?.[1] ? Number(match[1]) : undefined;
}

export async function startBenchSmtp(delayMs: number): Promise<BenchSmtp> {
  const caught: CaughtMail[] = [];
  let inFlight = 0;
  let peak = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      inFlight++;
      peak = Math.max(peak, inFlight);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          inFlight--;
          const request = requestOf(Buffer.concat(chunks).toString('utf8'));
          if (request !== undefined) caught.push({ request, arrivedAt: performance.now() });
          callback();
        }, delayMs);
      });
    },
  });
  const port = await new Promise<number>((listening) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      listening(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  return {
    url: `smtp://127.0.0.1:${port}`,
    caught,
    peakInFlight: () => peak,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
