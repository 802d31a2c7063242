import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";
import {
  deliverQueuedMail,
  MAX_ATTEMPTS,
  queueMail,
  queueText,
  RETRY_PAUSES_SECONDS,
} from "./mail-outbox.server";
import type { Mail, Mailer } from "./mailer.server";
import type { TextMessage } from "./notifier.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const mail = (to: string): Mail => ({ to, subject: `Hello ${to}`, text: "A test mail" });

function recorder(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(m) {
      sent.push(m);
    },
  };
}

/** Makes every queued mail due now, as if the pauses had passed. */
async function timePasses() {
  await t.db.update(mailOutbox).set({ sendAfter: sql`now() - interval '1 second'` });
}

describe("the mail outbox (ADR 026)", () => {
  it("keeps a mail only when the change that queued it is stored", async () => {
    await t.db
      .transaction(async (tx) => {
        await queueMail(tx, mail("rolled-back@example.in"));
        throw new Error("the change fails");
      })
      .catch(() => {});
    await t.db.transaction(async (tx) => {
      await queueMail(tx, [mail("one@example.in"), mail("two@example.in")]);
    });
    const mailer = recorder();
    expect(await deliverQueuedMail(t.db, mailer)).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(mailer.sent.map((m) => m.to)).toEqual(["one@example.in", "two@example.in"]);
    // Sent once: a second round has nothing to send.
    expect(await deliverQueuedMail(t.db, mailer)).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("keeps headers and sends a batch at a time, oldest first", async () => {
    await queueMail(t.db, { ...mail("first@example.in"), headers: { "List-Unsubscribe": "<x>" } });
    await queueMail(t.db, mail("second@example.in"));
    const mailer = recorder();
    expect(await deliverQueuedMail(t.db, mailer, { batch: 1 })).toMatchObject({ sent: 1 });
    expect(mailer.sent).toEqual([
      { ...mail("first@example.in"), headers: { "List-Unsubscribe": "<x>" } },
    ]);
    await deliverQueuedMail(t.db, mailer, { batch: 1 });
    expect(mailer.sent.map((m) => m.to)).toEqual(["first@example.in", "second@example.in"]);
  });

  it("tries a failed mail again after growing pauses, then gives up and keeps the record", async () => {
    await queueMail(t.db, mail("unlucky@example.in"));
    const errors: number[] = [];
    const failing: Mailer = {
      async send() {
        throw new Error("421 try again later");
      },
    };
    const row = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "unlucky@example.in")))[0];

    expect(
      await deliverQueuedMail(t.db, failing, { onError: (_e, id) => errors.push(id) }),
    ).toEqual({ sent: 0, retried: 1, failed: 0 });
    const first = await row();
    expect(first).toMatchObject({ attempts: 1, lastError: "421 try again later", sentAt: null });
    // Not tried again before its pause is over.
    expect(await deliverQueuedMail(t.db, failing)).toEqual({ sent: 0, retried: 0, failed: 0 });
    const pause = ((first?.sendAfter.getTime() ?? 0) - Date.now()) / 1000;
    expect(pause).toBeGreaterThan(RETRY_PAUSES_SECONDS[0] - 5);
    expect(pause).toBeLessThanOrEqual(RETRY_PAUSES_SECONDS[0] + 5);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await timePasses();
      await deliverQueuedMail(t.db, failing);
    }
    expect(await row()).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null });
    expect((await row())?.failedAt).toBeInstanceOf(Date);
    // Given up: never tried again.
    await timePasses();
    expect(await deliverQueuedMail(t.db, failing)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(errors).toHaveLength(1);
  });

  it("sends a mail claimed by a process that died only after the claim lapses", async () => {
    await queueMail(t.db, mail("claimed@example.in"));
    const dying: Mailer = {
      send: () => new Promise(() => {}), // hangs: the process dies before it answers
    };
    void deliverQueuedMail(t.db, dying);
    // The claim is visible to another process, which leaves the mail alone meanwhile.
    const mailer = recorder();
    await expect
      .poll(
        async () =>
          (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "claimed@example.in")))[0]
            ?.attempts,
      )
      .toBe(1);
    expect(await deliverQueuedMail(t.db, mailer)).toEqual({ sent: 0, retried: 0, failed: 0 });
    await timePasses();
    expect(await deliverQueuedMail(t.db, mailer)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(mailer.sent.map((m) => m.to)).toEqual(["claimed@example.in"]);
  });

  it("gives each mail to one of two senders at once (a race PGlite runs one after the other; CI runs it on PostgreSQL)", async () => {
    await queueMail(
      t.db,
      Array.from({ length: 30 }, (_, i) => mail(`race-${i}@example.in`)),
    );
    const [a, b] = [recorder(), recorder()];
    await Promise.all([
      deliverQueuedMail(t.db, a, { batch: 30 }),
      deliverQueuedMail(t.db, b, { batch: 30 }),
    ]);
    const all = [...a.sent, ...b.sent].map((m) => m.to).sort();
    expect(all).toHaveLength(30);
    expect(new Set(all).size).toBe(30);
  });

  it("hands texts to the notifier, and keeps them waiting where there is none", async () => {
    await t.db.delete(mailOutbox);
    await queueText(t.db, { channel: "sms", to: "9876543210", text: "Warranty registered" });
    await queueMail(t.db, mail("beside@example.in"));
    const mailer = recorder();
    // A sender without a notifier sends the mail and leaves the text for one that has.
    expect(await deliverQueuedMail(t.db, mailer)).toEqual({ sent: 1, retried: 0, failed: 0 });
    const texts: TextMessage[] = [];
    const notifier = {
      async send(message: TextMessage) {
        texts.push(message);
      },
    };
    expect(await deliverQueuedMail(t.db, mailer, { notifier })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect(texts).toEqual([{ channel: "sms", to: "9876543210", text: "Warranty registered" }]);
    expect(mailer.sent.map((m) => m.to)).toEqual(["beside@example.in"]);
  });
});
