// What the query benches share: the database they fill (in-memory PGlite, or DATABASE_URL only
// with --force, since they write into it) and how they report times.
import { openDatabase } from "~/db/client.server";

/** The bench's database, migrated; exits when DATABASE_URL is given without --force. */
export async function openBenchDatabase(script: string) {
  const url = process.env.DATABASE_URL;
  if (url && !process.argv.includes("--force")) {
    process.stderr.write(
      `${script} fills the database it is given: pass --force for DATABASE_URL.\n`,
    );
    process.exit(1);
  }
  const database = await openDatabase(url ? { url } : { dataDir: "memory://" });
  await database.migrate();
  return { database, kind: url ? "PostgreSQL" : "PGlite (in memory)" };
}

/** The time of `share` of the runs (0.95: the 95th percentile), of times sorted fastest first. */
export function percentileOf(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/** "median 1.3 ms, p95 4.1 ms" of the times measured. */
export function medianAndP95(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (share: number) => percentileOf(sorted, share).toFixed(1);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms`;
}

/** Runs `run` `rounds` times, one after another: each run's milliseconds, fastest first. */
export async function timeRuns(run: () => Promise<unknown>, rounds: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b);
}
