import pg from 'pg';

/**
 * Drops a test database on the test PostgreSQL, connections and all. FORCE ends the database's
 * connections, but a process there without a role (an autovacuum worker after a test's many
 * writes, a connection still starting up) takes a superuser to end, and PostgreSQL refuses the
 * drop with 42501. Such a process ends by itself soon, so the drop is tried again until it has.
 */
export async function dropTestDatabase(serverUrl: string, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    } catch (error) {
      const notYet = (error as { code?: string }).code === '42501' && attempt < 40;
      if (!notYet) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
