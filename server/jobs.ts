import type { Db } from "~/db/client.server";
import { expireUnpaidOrders } from "~/features/orders/orders.server";
import { deliverQueuedMail } from "~/lib/mail-outbox.server";
import type { Mailer } from "~/lib/mailer.server";
import type { Notifier } from "~/lib/notifier.server";

type Logger = {
  error: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
};

/** A piece of work the store does by itself, again and again. */
export type Job = {
  name: string;
  /** Between two runs, in milliseconds. */
  everyMs: number;
  /** One run; true when there is more to do at once (a full batch). */
  run: () => Promise<boolean>;
};

/**
 * The store's background work (ADR 026): each job runs every `everyMs`, at once again while it
 * has more to do, never twice at the same time in this process; across processes the jobs
 * themselves take turns through the database (SKIP LOCKED). `nudge(name)` runs a job soon (mail
 * queued by a request goes out at once). `stop()` waits for the runs under way.
 */
export function startJobs(jobs: Job[], logger: Logger) {
  let stopped = false;
  const states = new Map(
    jobs.map((job) => [
      job.name,
      {
        job,
        timer: null as NodeJS.Timeout | null,
        running: null as Promise<void> | null,
        again: false,
      },
    ]),
  );

  function schedule(name: string, delayMs: number) {
    const state = states.get(name);
    if (!state || stopped) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => void tick(name), delayMs);
    state.timer.unref();
  }

  async function tick(name: string) {
    const state = states.get(name);
    if (!state || stopped) return;
    state.timer = null;
    if (state.running) {
      state.again = true;
      return;
    }
    let more = false;
    state.running = (async () => {
      try {
        more = await state.job.run();
      } catch (error) {
        logger.error({ err: error, job: name }, "background job failed");
      }
    })();
    await state.running;
    state.running = null;
    const again = state.again || more;
    state.again = false;
    if (again && !stopped) void tick(name);
    else schedule(name, state.job.everyMs);
  }

  for (const job of jobs) schedule(job.name, job.everyMs);
  return {
    nudge(name: string) {
      const state = states.get(name);
      if (!state || stopped) return;
      if (state.running) state.again = true;
      else schedule(name, 0);
    },
    async stop() {
      stopped = true;
      for (const state of states.values()) if (state.timer) clearTimeout(state.timer);
      await Promise.all([...states.values()].map((state) => state.running));
    },
  };
}
export type Jobs = ReturnType<typeof startJobs>;

/** Sends the queued mail, a batch at a time. */
export function mailJob(
  db: Db,
  mailer: Mailer,
  logger: Logger,
  notifier: Notifier,
  everyMs = 2_000,
): Job {
  const batch = 20;
  return {
    name: "mail",
    everyMs,
    async run() {
      const report = await deliverQueuedMail(db, mailer, {
        batch,
        notifier,
        onError: (error, mailId) =>
          logger.error({ err: error, mailId }, "mail not sent, will retry"),
      });
      const handled = report.sent + report.retried + report.failed;
      if (handled > 0) logger.info(report, "queued mail sent");
      return handled === batch;
    },
  };
}

/**
 * Cancels the orders whose time to pay ran out, a batch at a time (features/orders
 * expireUnpaidOrders); `onExpired` empties the page caches (their stock is back) and sends the
 * customers' mails at once.
 */
export function orderExpiryJob(
  db: Db,
  publicUrl: string,
  logger: Logger,
  onExpired: () => void,
  everyMs = 60_000,
): Job {
  const batch = 50;
  return {
    name: "order-expiry",
    everyMs,
    async run() {
      const lapsed = await expireUnpaidOrders(db, { publicUrl, batch });
      if (lapsed.length > 0) {
        logger.info({ orders: lapsed }, "unpaid orders cancelled: their time to pay ran out");
        onExpired();
      }
      return lapsed.length === batch;
    },
  };
}
