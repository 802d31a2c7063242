// A SIGTERM during a checkout loses nothing (issue 27, ADR 042).
//
//   npm run build && npm run test:shutdown              on embedded PGlite (a data folder of its own)
//   DATABASE_URL=postgres://.../db npm run test:shutdown   on that PostgreSQL database
//   SHUTDOWN_PORT=4402                                  the store's port (default 4402)
//
// It starts the built store on a prepared database, opens a shopper's checkout, and posts Confirm
// Order with `Expect: 100-continue`: the store's "100 Continue" says the request is in its hands.
// Then it sends the store SIGTERM, waits for the store to say it is shutting down, and checks
// that a new connection is refused; only then does the form's body go out. It checks that the
// checkout is answered as usual (a redirect to the new order's page), that the store exits 0
// within 10 s of the signal, and that a restart on the same database opens cleanly and shows the
// order. Exits 1 with an account of each failure.
import http from "node:http";
import {
  confirmOrderForm,
  createDeliveryAndCentre,
  createShoppers,
  createStockedProducts,
  openCheckout,
  placedOrderNumber,
  prepareDatabase,
  runCheck,
  type StoreSetup,
  say,
  Visitor,
  visitorAddress,
} from "./lib/store-run";

const PORT = Number(process.env.SHUTDOWN_PORT ?? 4402);
const failures: string[] = [];

function check(ok: boolean, failure: string) {
  if (!ok) failures.push(failure);
}

/**
 * Posts a form with `Expect: 100-continue`; calls `whileInFlight` once the store has taken the
 * request (its 100 Continue), and only after that sends the body. Resolves with the answer.
 */
function postInTwoSteps(
  visitor: Visitor,
  setup: StoreSetup,
  path: string,
  fields: Record<string, string>,
  whileInFlight: () => Promise<void>,
): Promise<{ status: number; location: string | null }> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port: setup.port,
      path,
      method: "POST",
      agent: new http.Agent({ keepAlive: true }),
      headers: {
        ...visitor.requestHeaders(),
        host: `localhost:${setup.port}`,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": Buffer.byteLength(body),
        origin: setup.base,
        expect: "100-continue",
      },
    });
    request.on("continue", () => {
      whileInFlight().then(
        () => request.end(body),
        (error) => {
          request.destroy();
          reject(error);
        },
      );
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null }),
      );
    });
    request.on("error", reject);
  });
}

/** True when a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/healthz", agent: false });
    request.on("response", (response) => {
      response.resume();
      resolve(false);
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

runCheck({ name: "Shutdown test", port: PORT, failures }, async ({ setup, label, start, stop }) => {
  const tag = `STOP${Date.now().toString(36).toUpperCase()}`;
  const { shopper, product } = await prepareDatabase(setup, async (preparation) => {
    await createDeliveryAndCentre(preparation);
    const [product] = await createStockedProducts(preparation, tag, [10]);
    const [shopper] = await createShoppers(preparation, 1, tag.toLowerCase());
    if (!product || !shopper) throw new Error("nothing prepared");
    return { shopper, product };
  });
  const store = await start({ logLevel: "info" });
  const visitor = new Visitor(setup.base, visitorAddress(7), shopper.cookie);
  const checkout = await openCheckout(visitor, product, 1);
  if (!checkout) throw new Error("The checkout could not be opened");

  let signalledAt = 0;
  const answer = await postInTwoSteps(
    visitor,
    setup,
    "/cart",
    confirmOrderForm(checkout),
    async () => {
      signalledAt = Date.now();
      store.child.kill("SIGTERM");
      const line = await store.logLine(/"shutting down"/);
      check(/"inFlight":1\b/.test(line), `The store did not count the checkout in flight: ${line}`);
      check(await connectionRefused(setup.port), "A new connection after SIGTERM was not refused");
    },
  );
  const number = placedOrderNumber({ ...answer, body: "" });
  check(
    number !== null,
    `The checkout in flight was answered ${answer.status} ${answer.location}, not its order`,
  );
  // The timer is cleared once the store has exited: left running, it kept this script alive for
  // the rest of the 10 s after the test had passed.
  let timer: NodeJS.Timeout | undefined;
  const exit = await Promise.race([
    store.exited,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), 10_000 - (Date.now() - signalledAt));
    }),
  ]);
  clearTimeout(timer);
  const stopSeconds = (Date.now() - signalledAt) / 1000;
  check(exit !== null, "The store did not exit within 10 s of SIGTERM");
  check(exit?.code === 0, `The store exited with ${JSON.stringify(exit)}, not 0`);
  say(
    `Shutdown test on ${label}: the checkout in flight got order ${number}; the store exited ${exit?.code} ${stopSeconds.toFixed(1)} s after SIGTERM`,
  );
  if (exit === null) store.child.kill("SIGKILL");

  const restartAt = Date.now();
  const restarted = await start();
  const page = await visitor.get(`/account/orders/${number}`);
  check(page.status === 200, `After the restart, order ${number}'s page answered ${page.status}`);
  say(`  restarted on the same database in ${((Date.now() - restartAt) / 1000).toFixed(1)} s`);
  await stop(restarted);
});
