/**
 * Issue 25: the market rates tool asks the endpoint in the settings, fenced (ADR 035): against a
 * local test server it shows a JSON answer with its time, and says what went wrong for a slow,
 * huge, non-JSON, failing or redirecting one; it never reaches this machine, a private network
 * or the metadata address unless private endpoints are allowed.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateSettings } from "~/features/settings/settings.server";
import { DomainError } from "~/lib/errors";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { marketRatesMessages as m } from "./market-rates.messages";
import { askMarketRates, type MarketRatesOptions } from "./market-rates.server";

let t: TestDatabase;
let server: Server;
let base: string;
/** What the endpoint received last. */
let lastBody = "";
const held: { end: () => void }[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      lastBody = body;
      const path = request.url ?? "/";
      if (path === "/rates") {
        const date = new URLSearchParams(body).get("date");
        response.setHeader("Content-Type", "application/json");
        response.end(JSON.stringify({ date, lead: { perKg: 182.5 }, method: request.method }));
      } else if (path === "/slow") {
        // Never answers: the tool's own time limit ends it.
        held.push({ end: () => response.end("{}") });
      } else if (path === "/huge") {
        response.setHeader("Content-Type", "application/json");
        response.write("[");
        const chunk = `${"1,".repeat(50_000)}`;
        for (let i = 0; i < 30; i++) response.write(chunk);
        response.end("1]");
      } else if (path === "/html") {
        response.setHeader("Content-Type", "text/html");
        response.end("<html><body>Rates</body></html>");
      } else if (path === "/broken") {
        response.statusCode = 500;
        response.end('{"error":"down"}');
      } else if (path === "/moved") {
        response.statusCode = 302;
        response.setHeader("Location", "http://169.254.169.254/latest/meta-data/");
        response.end();
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of held) response.end();
  await new Promise((resolve) => server.close(resolve));
  await t?.close();
});

async function ask(
  endpoint: string | null,
  allowPrivate: boolean,
  options: MarketRatesOptions = {},
) {
  await updateSettings(t.db, {
    marketRatesEndpoint: endpoint,
    marketRatesAllowPrivate: allowPrivate,
  });
  try {
    return { answer: await askMarketRates(t.db, { date: "2026-11-27" }, options), error: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { answer: null, error };
  }
}

describe("the market rates tool against a local endpoint (private endpoints allowed)", () => {
  it("posts the date as a form field and shows the JSON pretty-printed, with the time it took", async () => {
    const { answer } = await ask(`${base}/rates`, true);
    expect(lastBody).toBe("date=2026-11-27");
    expect(answer).toMatchObject({ status: 200, date: "2026-11-27" });
    expect(answer?.json).toBe(
      JSON.stringify({ date: "2026-11-27", lead: { perKg: 182.5 }, method: "POST" }, null, 2),
    );
    expect(answer?.ms).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ["/slow", m.timedOut(0.2), { timeoutMs: 200 }],
    ["/huge", m.tooLarge(1), {}],
    ["/html", m.notJson, {}],
    ["/broken", m.httpError(500), {}],
    ["/moved", m.redirected(302), {}],
  ] as const)("says what went wrong with %s, as a 502", async (path, message, options) => {
    const { error } = await ask(`${base}${path}`, true, options);
    expect(error?.message).toBe(message);
    expect(error?.status).toBe(502);
  });

  it("says an endpoint that refuses the connection could not be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { error } = await ask(`http://127.0.0.1:${port}/rates`, true);
    expect(error?.message).toBe(m.unreachable("127.0.0.1"));
  });

  it("says when no endpoint is set", async () => {
    const { error } = await ask(null, false);
    expect(error?.message).toBe(m.notConfigured);
    expect(error?.status).toBe(409);
  });
});

describe("the market rates tool never reaches a private address unless allowed", () => {
  it.each([
    ["http://127.0.0.1:9/rates", "127.0.0.1", "127.0.0.1"],
    ["http://10.0.0.1/rates", "10.0.0.1", "10.0.0.1"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254", "169.254.169.254"],
    ["http://[::1]:9/rates", "[::1]", "::1"],
  ])("refuses %s", async (endpoint, host, address) => {
    const { error } = await ask(endpoint, false);
    expect(error?.message).toBe(m.blockedAddress(host, address));
  });

  it("refuses a name that resolves to 127.0.0.1, and connects to the address it checked", async () => {
    const port = new URL(base).port;
    const toLoopback = async () => [{ address: "127.0.0.1", family: 4 }];
    const refused = await ask(`http://rates.example.in:${port}/rates`, false, {
      resolve: toLoopback,
    });
    expect(refused.error?.message).toBe(m.blockedAddress("rates.example.in", "127.0.0.1"));
    // Allowed, the request goes to the address the name was checked as (never looked up twice).
    const allowed = await ask(`http://rates.example.in:${port}/rates`, true, {
      resolve: toLoopback,
    });
    expect(allowed.answer?.status).toBe(200);
  });
});
