import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";

/** The PostgreSQL channel on which the store's processes tell each other of a public change. */
export const PUBLIC_CHANGE_CHANNEL = "store_public_change";

export type PublicChangesOptions = {
  /** The PostgreSQL the processes share (DATABASE_URL): a connection of its own listens on it. */
  url: string;
  /** The store's database, through which a change is announced (any pooled connection). */
  db: Db;
  logger: Pick<Logger, "info" | "warn">;
  /** Another process changed what visitors' pages show (or this one may have missed it). */
  onChange: () => void;
  /** The first wait before connecting again after the listening connection was lost; it doubles
   * on each failed try, up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
};

/**
 * Keeps the page caches of several store processes on one PostgreSQL in step (ADR 040). A change
 * that visitors' pages show, made and committed in one process, is announced with
 * `pg_notify(channel, <this process's id>)`; every process listens on a connection of its own
 * and empties its caches when another process announces one. PostgreSQL delivers a notification
 * to every listening session once the announcing statement commits, within milliseconds.
 *
 * A process whose listening connection is lost (PostgreSQL restarted, the connection killed)
 * connects again, and then empties its caches once, since it may have missed announcements
 * meanwhile. An announcement that cannot be sent is logged; the change itself stands, and the
 * other processes' pages catch up when they expire (30 s).
 */
export class PublicChanges {
  /** This process's id: its own announcements, which it also hears, are not acted on. */
  readonly id = randomUUID();
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private nextRetryMs: number;
  /** A time when no connection listened (a lost connection, a failed try) since the last one. */
  private missed = false;
  /** How many times the listening connection was established (1 once started). */
  connections = 0;

  constructor(private readonly options: PublicChangesOptions) {
    this.nextRetryMs = options.retryMs ?? 100;
  }

  /** Starts listening; resolves once listening, or once the first try failed (it tries again). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Is the listening connection up? */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Tells the other processes that what visitors' pages show changed (after it committed). */
  async announce(): Promise<void> {
    try {
      await this.options.db.execute(sql`select pg_notify(${PUBLIC_CHANGE_CHANNEL}, ${this.id})`);
    } catch (error) {
      this.options.logger.warn(
        { err: error },
        "could not announce a public change to other processes",
      );
    }
  }

  /** Stops listening (shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect() {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.options.url,
      application_name: `store-changes-${this.id.slice(0, 8)}`,
      // A connection that died without a word (a network drop) is noticed by the OS's probes.
      keepAlive: true,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      if (this.stopped) return;
      this.missed = true;
      this.options.logger.warn(
        { err: error },
        "lost the connection that listens for other processes' changes; connecting again",
      );
      client.end().catch(() => {});
      this.retry();
    };
    client.on("notification", (message) => {
      if (message.channel === PUBLIC_CHANGE_CHANNEL && message.payload !== this.id) {
        this.options.onChange();
      }
    });
    client.on("error", onLost);
    client.on("end", () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${PUBLIC_CHANGE_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.stopped || lost) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.connections += 1;
    this.nextRetryMs = this.options.retryMs ?? 100;
    // Announcements sent while no connection listened were missed: start afresh.
    if (this.missed) {
      this.missed = false;
      this.options.logger.info({}, "listening for other processes' changes again");
      this.options.onChange();
    }
  }

  private retry() {
    if (this.stopped || this.retryTimer) return;
    const wait = this.nextRetryMs;
    this.nextRetryMs = Math.min(wait * 2, this.options.maxRetryMs ?? 5_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, wait);
    this.retryTimer.unref();
  }
}
