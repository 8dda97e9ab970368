import pg from 'pg';

/**
 * vitest global set-up of the PostgreSQL projects (vitest.config.ts). Each worker keeps the database of
 * its last file for the next one (database.ts), so nothing drops those when the run ends: this teardown
 * drops every database of this run. A run that was killed leaves its own; the set-up drops those of
 * runs started more than six hours ago (no run lasts that long), and never a current run's.
 */
const STALE_AFTER_SECONDS = 6 * 60 * 60;

export async function setup(): Promise<() => Promise<void>> {
  const run = process.env.OPENSHELF_TEST_RUN;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || !run) return async () => {};
  await dropDatabases(adminUrl, (name) => {
    const started = /^openshelf_t_([0-9a-z]+)_[0-9a-f]+_/.exec(name)?.[1];
    return started !== undefined && Date.now() / 1000 - Number.parseInt(started, 36) > STALE_AFTER_SECONDS;
  });
  return () => dropDatabases(adminUrl, (name) => name.startsWith(`openshelf_t_${run}_`));
}

async function dropDatabases(adminUrl: string, matches: (name: string) => boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'openshelf\\_t\\_%'",
    );
    for (const { datname } of rows.filter((row) => matches(row.datname)))
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
