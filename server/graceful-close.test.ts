import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { gracefulCloser } from "./graceful-close";

/** A server whose answers wait for the test's word; keep-alive long enough to hang a test. */
async function gatedServer() {
  const waiting: Array<() => void> = [];
  const arrived: Array<() => void> = [];
  const server = http.createServer((_request, response) => {
    waiting.push(() => response.end("answered"));
    for (const notify of arrived.splice(0)) notify();
  });
  // Without the closer's care, a busy keep-alive connection would hold close() this long.
  server.keepAliveTimeout = 120_000;
  const closer = gracefulCloser(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    closer,
    port,
    /** Resolves once a request is being answered. */
    requestArrived: () =>
      new Promise<void>((resolve) => {
        if (waiting.length > 0) resolve();
        else arrived.push(resolve);
      }),
    answerAll: () => {
      for (const answer of waiting.splice(0)) answer();
    },
  };
}

const agents: http.Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

function get(port: number, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => {
          body += chunk.toString("utf8");
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
          }),
        );
      });
      request.on("error", reject);
    },
  );
}

function keepAliveAgent() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
}

describe("gracefulCloser", () => {
  it("answers a request in flight on a keep-alive connection, then ends it and closes", async () => {
    const { closer, port, requestArrived, answerAll } = await gatedServer();
    const agent = keepAliveAgent();
    const answer = get(port, agent);
    await requestArrived();
    expect(closer.inFlight()).toBe(1);

    const closed = closer.close();
    answerAll();
    expect(await answer).toEqual({ status: 200, connection: "close", body: "answered" });
    // Resolves although the connection was kept alive for 120 s: the answer ended it.
    await closed;
    expect(closer.inFlight()).toBe(0);
  });

  it("refuses a new connection once closing has begun", async () => {
    const { closer, port, requestArrived, answerAll } = await gatedServer();
    const first = get(port, keepAliveAgent());
    await requestArrived();
    const closed = closer.close();
    await expect(get(port, new http.Agent())).rejects.toMatchObject({ code: "ECONNREFUSED" });
    answerAll();
    await first;
    await closed;
  });

  it("ends idle keep-alive connections at once", async () => {
    const { closer, port, requestArrived, answerAll } = await gatedServer();
    const agent = keepAliveAgent();
    const answer = get(port, agent);
    await requestArrived();
    answerAll();
    expect((await answer).connection).toBe("keep-alive");
    // The connection is idle in the agent's pool now; closing does not wait for its timeout.
    await closer.close();
  });
});
