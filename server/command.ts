// What the command-line tools (`npm run admin`, `npm run dict:import`) share: a command is a function of its
// arguments, environment and output streams, so it runs as its own process or, in the tests, in theirs.
import { type Config, ConfigError, loadConfig } from '#server/config.ts';

/** Where a command reads its settings and writes its lines. */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  /** Aborted when the person at the terminal interrupts (Ctrl-C). */
  signal: AbortSignal;
}

export type Command = (args: string[], io: CommandIo) => Promise<void>;

/** Ends a command with its sentence on stderr and exit code 1, after its `finally` blocks have closed what it opened. */
export class CommandFailure extends Error {}

/** The server's settings from the command's environment; a bad one ends the command with its sentence. */
export function commandConfig(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandFailure(error.message);
    throw error;
  }
}

/** Runs a command and answers its exit code: 0, or 1 with the sentence of a CommandFailure on stderr. */
export async function runCommand(command: Command, args: string[], io: CommandIo): Promise<number> {
  try {
    await command(args, io);
    return 0;
  } catch (error) {
    if (!(error instanceof CommandFailure)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 1;
  }
}

/** Runs a command as this process: its arguments, environment, streams and Ctrl-C; then exits with its code. */
export async function runAsProcess(command: Command): Promise<void> {
  const interrupt = new AbortController();
  process.once('SIGINT', () => interrupt.abort(new Error('Interrupted.')));
  let code: number;
  try {
    code = await runCommand(command, process.argv.slice(2), {
      env: process.env,
      stdout: process.stdout,
      stderr: process.stderr,
      signal: interrupt.signal,
    });
  } catch (error) {
    // Not a refusal but a fault (the database went away, say): the whole story, for whoever runs it.
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    code = 1;
  }
  process.exit(code);
}
