import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../tests/helpers/listen";
import { languageRedirect } from "./language-redirect";
import { isCacheableRequest } from "./page-cache";

let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(languageRedirect());
  app.all("/{*splat}", (req, res) => {
    res.type("text/plain").send(`page ${req.originalUrl}`);
  });
  ({ base, close } = await listen(app));
});
afterAll(async () => {
  await close?.();
});

const DOCUMENT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

function get(path: string, cookie: string, { accept = DOCUMENT, method = "GET" } = {}) {
  return fetch(`${base}${path}`, {
    method,
    redirect: "manual",
    headers: { cookie, accept },
  });
}

describe("the chosen language's redirect", () => {
  it("sends lang=hi from an English page to the same page and query in Hindi (302)", async () => {
    const res = await get("/oneprod/DRIVE-40L?from=home", "a=1; lang=hi");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/hi/oneprod/DRIVE-40L?from=home");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("sends lang=gu from the home page to /gu", async () => {
    const res = await get("/", "lang=gu");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/gu");
  });

  it.each([
    ["lang=en", "/allproduct", "lang=en"],
    ["no choice", "/allproduct", "a=1"],
    ["an address already in a language", "/gu/allproduct", "lang=hi"],
    ["the back office", "/admin/product", "lang=hi"],
    ["the APIs", "/api/pincodes/380001", "lang=hi"],
    ["assets", "/assets/app.js", "lang=hi"],
    ["data requests", "/allproduct.data", "lang=hi"],
    ["the language link itself", "/language", "lang=hi"],
    ["resource routes", "/cart/add", "lang=hi"],
    ["a PDF", "/account/orders/12/invoice.pdf", "lang=hi"],
    ["the sitemap", "/sitemap.xml", "lang=hi"],
  ])("leaves %s alone", async (_, path, cookie) => {
    const res = await get(path, cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`page ${path}`);
  });

  it("leaves a request that is not a document, and a post, alone", async () => {
    expect((await get("/allproduct", "lang=hi", { accept: "application/json" })).status).toBe(200);
    expect((await get("/allproduct", "lang=hi", { method: "POST" })).status).toBe(200);
  });
});

describe("the page cache and the language choice", () => {
  it("a visitor whose only cookie is lang is answered from the kept pages", () => {
    const req = (cookie?: string) => ({
      method: "GET",
      path: "/allproduct",
      headers: cookie ? { cookie } : {},
    });
    expect(isCacheableRequest(req())).toBe(true);
    expect(isCacheableRequest(req("lang=en"))).toBe(true);
    expect(isCacheableRequest(req("lang=en; cart=x"))).toBe(false);
  });
});
