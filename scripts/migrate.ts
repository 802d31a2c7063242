/** `npm run db:migrate`: applies the pending SQL migrations to the configured database. */
import { openCliDatabase, runCli } from "./lib/cli-database";

runCli(async () => {
  const { database, close } = await openCliDatabase();
  try {
    await database.exclusive(() => database.migrate());
    process.stdout.write(`Migrations applied (${database.kind}).\n`);
  } finally {
    await close();
  }
});
