import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP listener on loopback for the end-to-end servers (production mode requires SMTP). Each message is
 * written to `dir` as a file, so every test worker can read the mail a test caused.
 */
export async function startSmtpCatcher(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((address) => address.address);
        // Written aside, then renamed into place: a test polling the folder from another process must never
        // read a message half written (it did, once: "Unexpected end of JSON input" under load).
        const name = `${Date.now()}-${count}.json`;
        writeFileSync(
          join(dir, `.${name}.partial`),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }),
        );
        renameSync(join(dir, `.${name}.partial`), join(dir, name));
        callback();
      });
    },
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', () => listening()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

/** The raw messages caught so far for an address, oldest first. */
export function caughtMail(dir: string, to: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; raw: string })
    .filter((message) => message.to.includes(to))
    .map((message) => message.raw);
}
