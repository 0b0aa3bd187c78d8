import { type Command, runCommand } from '#server/command.ts';

/** Runs a command-line tool's command in the test's process, with its own environment; answers what it wrote. */
export async function runCaptured(
  command: Command,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await runCommand(command, args, {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    signal: new AbortController().signal,
  });
  return { status, stdout, stderr };
}
