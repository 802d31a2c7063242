// Nothing a shopper was told is lost in a crash (issue 27).
//
//   npm run build && npm run test:crash                 on embedded PGlite (a data folder of its own)
//   DATABASE_URL=postgres://.../db npm run test:crash   on that PostgreSQL database (a fresh one)
//   CRASH_PORT=4400                                     the store's port (default 4400)
//
// It starts the built store (`node dist/server.js`) on a database it prepares first (shoppers
// signed in, batteries in stock, a delivery area), then runs a stream of checkouts from several
// shoppers at once, each exactly as a browser without JavaScript posts it: add to cart, Checkout,
// the dialog's page (its reference and total), Confirm Order, each with the shopper's cookies, its
// own address and the store's Origin; some Confirm Orders are posted twice at once, as by a double
// click (both answers must name the one order). In the middle of the stream, just after a Confirm
// Order was sent, it kills the store with SIGKILL, starts it again on the same database, and each
// shopper whose request the crash cut off sends it again, as a browser's retry does. At the end it stops the store and checks, in the database:
//   - every order a shopper was told was placed (a redirect to its page) exists, theirs, once;
//   - no checkout reference has two orders, and no order exists that no shopper asked for;
//   - stock adds up: for each battery, the stock it started with = its stock now + the units in
//     the orders that hold it (every order here: none is cancelled, ADR 028).
// It prints the counts and exits 1 with an account of each failure.
import { eq, inArray } from "drizzle-orm";
import { orderItems, orders, products } from "~/db/schema";
import {
  type Answer,
  confirmOrderForm,
  createDeliveryAndCentre,
  createShoppers,
  createStockedProducts,
  openCheckout,
  placedOrderNumber,
  prepareDatabase,
  removeFromCart,
  runCheck,
  type Shopper,
  type StockedProduct,
  type StoreSetup,
  say,
  Visitor,
  visitorAddress,
} from "./lib/store-run";

const PORT = Number(process.env.CRASH_PORT ?? 4400);
/** Shoppers checking out at once. */
const CLIENTS = 10;
/** The store is killed once this many orders were told placed (the stream going on meanwhile);
 * after the restart no new checkout begins once as many again were told. */
const ORDERS_BEFORE_KILL = 20;
const ORDERS_AFTER_RESTART = 15;
/** A shopper may hold 3 unpaid orders (ADR 028): each client moves on to a new one after 3. */
const ORDERS_PER_SHOPPER = 3;
const SHOPPERS = 80;
/** One scarce battery, so that some checkouts find it gone (and place nothing). */
const STOCKS = [12, 500, 500, 500];

type Told = { number: number; reference: string; shopperId: string; afterRestart: boolean };

const counts = {
  journeys: 0,
  toldBeforeKill: 0,
  toldAfterRestart: 0,
  /** Requests the kill cut off (no answer), each sent again once the store was back. */
  cutOff: 0,
  /** Confirm Orders among them: the order may or may not have been stored before the kill. */
  confirmsCutOff: 0,
  /** Confirm Orders posted twice at once (a double click). */
  doublePosts: 0,
  refusedOutOfStock: 0,
};
const told: Told[] = [];
/** Every checkout reference a shopper posted Confirm Order with, by reference: whose it was. */
const posted = new Map<string, string>();
const failures: string[] = [];

/** When the store is down, requests wait for it to come back. */
let storeBack: Promise<void> = Promise.resolve();
let killed = false;
/**
 * Resolves when the kill is due: once ORDERS_BEFORE_KILL orders were told placed, a few
 * milliseconds (0 to 30, at random) after the next Confirm Order is sent, so that the kill finds
 * a checkout in the store's hands: before, during or just after its transaction.
 */
let killNow: () => void;
const killTime = new Promise<void>((resolve) => {
  killNow = resolve;
});
let killArmed = true;
function confirmSent() {
  if (!killArmed || counts.toldBeforeKill < ORDERS_BEFORE_KILL) return;
  killArmed = false;
  setTimeout(killNow, Math.random() * 30);
}
const streamGoesOn = () => !killed || counts.toldAfterRestart < ORDERS_AFTER_RESTART;

class CutOff extends Error {}

/**
 * Sends a request; when the connection fails (the store was killed), waits for the store to be
 * back and sends it again, as a shopper pressing the button again does.
 */
async function withRetry(send: () => Promise<Answer>, onCutOff?: () => void): Promise<Answer> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // fetch failed: no answer
      counts.cutOff += 1;
      onCutOff?.();
      // Replaced before the kill: resolves once the restarted store is ready.
      await storeBack;
    }
  }
  throw new CutOff("no answer after 20 attempts");
}

/** One checkout, from the product to Confirm Order. Returns true when an order was placed. */
async function checkout(visitor: Visitor, shopper: Shopper, product: StockedProduct) {
  counts.journeys += 1;
  const journey = counts.journeys;
  const opened = await openCheckout(visitor, product, 1 + (journey % 2), withRetry);
  if (!opened) {
    counts.refusedOutOfStock += 1;
    return false;
  }
  posted.set(opened.reference, shopper.id);
  const form = confirmOrderForm(opened);
  let cutOff = false;
  const place = () =>
    withRetry(
      () => {
        const answer = visitor.post("/cart", form);
        confirmSent();
        return answer;
      },
      () => {
        cutOff = true;
      },
    );
  const double = journey % 5 === 0;
  if (double) counts.doublePosts += 1;
  const answers = await Promise.all(double ? [place(), place()] : [place()]);
  if (cutOff) counts.confirmsCutOff += 1;
  const numbers = new Set<number>();
  for (const answer of answers) {
    const number = placedOrderNumber(answer);
    if (number !== null) numbers.add(number);
    else if (answer.status === 409 || answer.location === "/cart") counts.refusedOutOfStock += 1;
    else throw new Error(`Confirm Order: unexpected answer ${answer.status} ${answer.location}`);
  }
  if (numbers.size > 1) {
    failures.push(
      `Checkout ${opened.reference} was told two orders: ${[...numbers].join(" and ")}`,
    );
  }
  const [number] = numbers;
  // A double click gives one order, and both answers show it (ADR 021): the second post finds
  // the checkout placed, not an empty cart.
  const refused = answers.find((answer) => placedOrderNumber(answer) === null);
  if (number !== undefined && refused) {
    failures.push(
      `Checkout ${opened.reference}, posted twice at once, was told order ${number} once and ${refused.status} once`,
    );
  }
  if (number === undefined) {
    await removeFromCart(visitor, product.id, withRetry);
    return false;
  }
  const afterRestart = killed;
  told.push({ number, reference: opened.reference, shopperId: shopper.id, afterRestart });
  if (afterRestart) counts.toldAfterRestart += 1;
  else counts.toldBeforeKill += 1;
  return true;
}

/** One client: shopper after shopper, each checking out until they hold 3 orders. */
async function client(n: number, pool: Shopper[], stock: StockedProduct[]) {
  let journey = n;
  while (streamGoesOn()) {
    const shopper = pool.shift();
    if (!shopper) return;
    const visitor = new Visitor(
      `http://localhost:${PORT}`,
      visitorAddress(1000 + n),
      shopper.cookie,
    );
    let placed = 0;
    while (placed < ORDERS_PER_SHOPPER && streamGoesOn()) {
      journey += 1;
      const product = stock[journey % stock.length] as StockedProduct;
      if (await checkout(visitor, shopper, product)) placed += 1;
    }
  }
}

async function verify(setup: StoreSetup, stock: StockedProduct[]) {
  const shopperIds = [...new Set(posted.values())];
  await prepareDatabase(setup, async ({ db }) => {
    const stored =
      shopperIds.length === 0
        ? []
        : await db
            .select({
              id: orders.id,
              number: orders.number,
              reference: orders.reference,
              userId: orders.userId,
              status: orders.status,
            })
            .from(orders)
            .where(inArray(orders.userId, shopperIds));
    const byNumber = new Map(stored.map((order) => [order.number, order]));
    for (const entry of told) {
      const order = byNumber.get(entry.number);
      if (!order) failures.push(`Order ${entry.number} was told placed but does not exist`);
      else if (order.reference !== entry.reference || order.userId !== entry.shopperId) {
        failures.push(`Order ${entry.number} is not the checkout ${entry.reference} it was told`);
      }
    }
    const perReference = new Map<string, number>();
    for (const order of stored) {
      const reference = order.reference ?? "";
      perReference.set(reference, (perReference.get(reference) ?? 0) + 1);
      if (posted.get(reference) !== order.userId) {
        failures.push(`Order ${order.number} (${reference}) was placed by no shopper's checkout`);
      }
      if (order.status === "cancelled") failures.push(`Order ${order.number} is cancelled`);
    }
    for (const [reference, n] of perReference) {
      if (n > 1) failures.push(`Checkout ${reference} has ${n} orders`);
    }
    const toldNumbers = new Set(told.map((entry) => entry.number));
    const untold = stored.filter((order) => !toldNumbers.has(order.number));
    if (untold.length > 0) {
      failures.push(
        `Orders placed that no shopper was told of (the retry must have been told): ${untold
          .map((order) => order.number)
          .join(", ")}`,
      );
    }

    const units = new Map<number, number>();
    const lines =
      stored.length === 0
        ? []
        : await db
            .select({ productId: orderItems.productId, quantity: orderItems.quantity })
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                stored.map((order) => order.id),
              ),
            );
    for (const line of lines) {
      units.set(line.productId ?? 0, (units.get(line.productId ?? 0) ?? 0) + line.quantity);
    }
    const ordersWithLines = new Set(lines.length > 0 ? stored.map((order) => order.id) : []);
    if (stored.length > 0 && ordersWithLines.size === 0) failures.push("Orders without lines");
    let unitsSold = 0;
    const account: string[] = [];
    for (const product of stock) {
      const [row] = await db
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, product.id));
      const sold = units.get(product.id) ?? 0;
      unitsSold += sold;
      account.push(`${product.stock} = ${row?.stock} + ${sold}`);
      if (!row || row.stock + sold !== product.stock) {
        failures.push(
          `Battery ${product.slug}: started with ${product.stock}, now ${row?.stock} in stock and ${sold} in orders`,
        );
      }
    }
    say(
      `  in the database: ${stored.length} orders of the run's shoppers, ${unitsSold} batteries in them; ` +
        `stock at the start = now + in orders, per battery: ${account.join(", ")}`,
    );
  });
}

runCheck({ name: "Crash test", port: PORT, failures }, async ({ setup, label, start, stop }) => {
  const started = Date.now();
  const tag = `CRASH${Date.now().toString(36).toUpperCase()}`;
  const { shoppers, stock } = await prepareDatabase(setup, async (preparation) => {
    await createDeliveryAndCentre(preparation);
    return {
      stock: await createStockedProducts(preparation, tag, STOCKS),
      shoppers: await createShoppers(preparation, SHOPPERS, tag.toLowerCase()),
    };
  });
  say(
    `Crash test on ${label}: ${shoppers.length} shoppers and ${stock.length} batteries ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  let store = await start();
  const streamStart = Date.now();
  const pool = [...shoppers];
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n, pool, stock));

  await killTime;
  let restarted!: () => void;
  storeBack = new Promise((resolve) => {
    restarted = resolve;
  });
  const cutAt = counts.toldBeforeKill;
  store.child.kill("SIGKILL");
  const { signal } = await store.exited;
  killed = true;
  const downAt = Date.now();
  say(
    `  killed (${signal}) after ${((downAt - streamStart) / 1000).toFixed(1)} s: ${cutAt} orders placed and told so far`,
  );
  store = await start();
  say(`  restarted on the same database in ${((Date.now() - downAt) / 1000).toFixed(1)} s`);
  restarted();
  const outcomes = await Promise.allSettled(clients);
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") failures.push(String(outcome.reason));
  }
  await stop(store);
  say(
    `  checkouts: ${counts.journeys} begun, ${told.length} orders told (${counts.toldBeforeKill} before the kill, ${counts.toldAfterRestart} after the restart), ` +
      `${counts.refusedOutOfStock} refused for stock, ${counts.cutOff} requests cut off and sent again (${counts.confirmsCutOff} of them Confirm Order), ${counts.doublePosts} double posts`,
  );
  await verify(setup, stock);
});
