import pg from 'pg';

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Runs a statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool). */
export async function onServer(serverUrl: string, statement: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await statement(client);
  } finally {
    await client.end();
  }
}

/** Creates a database as a copy of the template, retrying while another copy of it is being made. */
export async function createDatabaseFrom(serverUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer(serverUrl, (client) =>
        client.query(
          `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`,
        ),
      );
      return;
    } catch (error) {
      const isBusy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!isBusy || attempt >= 20) throw error;
      await new Promise((retry) => setTimeout(retry, 50 * (attempt + 1)));
    }
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}
