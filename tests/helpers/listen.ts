import type { AddressInfo } from "node:net";
import type express from "express";

/** Starts `app` on a free local port: its base address and a way to stop it. */
export async function listen(
  app: express.Express,
): Promise<{ base: string; close: () => Promise<void> }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
