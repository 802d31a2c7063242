import http from "node:http";
import https from "node:https";
import type { Db } from "~/db/client.server";
import { getSettings } from "~/features/settings/settings.server";
import { DomainError } from "~/lib/errors";
import { marketRatesMessages as m } from "./market-rates.messages";
import { type Resolver, resolvePublicHost } from "./network-guard.server";

/**
 * The back office's market rates tool (issue 25, the spec's old `/test` page): the server posts a
 * date to the endpoint set in the settings and shows the JSON it answers. The request is the
 * store's own, so it is fenced (ADR 035): http(s) only, public addresses only unless the settings
 * allow private ones, the address checked is the address connected to, no redirects followed,
 * 5 seconds and 1 MB at most. Every failure is a sentence for the admin, never a 500.
 */
export const MARKET_RATES_TIMEOUT_MS = 5_000;
export const MARKET_RATES_MAX_BYTES = 1024 * 1024;

export type MarketRatesAnswer = {
  endpoint: string;
  date: string;
  status: number;
  /** The answer, pretty-printed. */
  json: string;
  /** How long the request took, in milliseconds. */
  ms: number;
};

export type MarketRatesOptions = {
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
};

/** A failure of the endpoint, not of the store: a 502 with its sentence. */
function endpointFailed(message: string): DomainError {
  return new DomainError(message, 502);
}

type Received = { status: number; body: Buffer };

/** One POST of `body` to `url`, connected to `address`, within the limits. */
function post(
  url: URL,
  target: { address: string; family: 4 | 6 },
  body: string,
  limits: { timeoutMs: number; maxBytes: number },
): Promise<Received> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const request = transport.request(
      url,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Accept: "application/json",
        },
        // The address that was checked, whatever a second lookup would say.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) {
            (callback as (e: null, all: { address: string; family: number }[]) => void)(null, [
              { address: target.address, family: target.family },
            ]);
          } else {
            callback(null, target.address, target.family);
          }
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          finish(() => reject(endpointFailed(m.redirected(status))));
          request.destroy();
          return;
        }
        const declared = Number(response.headers["content-length"] ?? 0);
        if (declared > limits.maxBytes) {
          finish(() => reject(endpointFailed(m.tooLarge(limits.maxBytes / 1024 / 1024))));
          request.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            finish(() => reject(endpointFailed(m.tooLarge(limits.maxBytes / 1024 / 1024))));
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => finish(() => resolve({ status, body: Buffer.concat(chunks) })));
        response.on("error", () =>
          finish(() => reject(endpointFailed(m.unreachable(url.hostname)))),
        );
      },
    );
    const timer = setTimeout(() => {
      finish(() => reject(endpointFailed(m.timedOut(limits.timeoutMs / 1000))));
      request.destroy();
    }, limits.timeoutMs);
    request.on("error", () => finish(() => reject(endpointFailed(m.unreachable(url.hostname)))));
    request.end(body);
  });
}

/** Asks the configured endpoint for the rates of `date` ("YYYY-MM-DD"). */
export async function askMarketRates(
  db: Db,
  input: { date: string },
  options: MarketRatesOptions = {},
): Promise<MarketRatesAnswer> {
  const settings = await getSettings(db);
  if (!settings.marketRatesEndpoint) throw new DomainError(m.notConfigured, 409);
  const url = new URL(settings.marketRatesEndpoint);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new DomainError(m.badScheme, 409);
  }
  const target = await resolvePublicHost(url.hostname, {
    allowPrivate: settings.marketRatesAllowPrivate,
    resolve: options.resolve,
  });
  if (!target.ok) {
    throw endpointFailed(
      target.reason === "blocked"
        ? m.blockedAddress(url.hostname, target.address)
        : m.unresolvable(url.hostname),
    );
  }
  const started = performance.now();
  const received = await post(url, target, new URLSearchParams({ date: input.date }).toString(), {
    timeoutMs: options.timeoutMs ?? MARKET_RATES_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? MARKET_RATES_MAX_BYTES,
  });
  const ms = Math.round(performance.now() - started);
  if (received.status >= 400) throw endpointFailed(m.httpError(received.status));
  let parsed: unknown;
  try {
    parsed = JSON.parse(received.body.toString("utf8"));
  } catch {
    throw endpointFailed(m.notJson);
  }
  return {
    endpoint: url.toString(),
    date: input.date,
    status: received.status,
    json: JSON.stringify(parsed, null, 2),
    ms,
  };
}
