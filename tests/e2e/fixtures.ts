import { test as base } from "@playwright/test";

export { expect, type Page } from "@playwright/test";

/**
 * Every test arrives from an address of its own, as real visitors do behind the load balancer
 * (the e2e server runs with TRUST_PROXY=1, so this header is read as that one proxy's). Without
 * this the whole suite shares one per-IP sign-in/sign-up bucket and a retry or a new test trips
 * the store's rate limits.
 * The addresses are from TEST-NET-2 (198.51.x.x): only a header, no traffic.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const id = Math.floor(Math.random() * 65_536);
    await use({ ...extraHTTPHeaders, "x-forwarded-for": `198.51.${id >> 8}.${id & 255}` });
  },
});
