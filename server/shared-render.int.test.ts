/**
 * ADR 027: a page kept in memory for many visitors or shoppers is rendered from a request without
 * cookies or personal headers, and no loader or middleware on its way may read one (the page
 * would carry the first asker's data to everyone, or silently miss it). Every route of the URL
 * map whose address the page caches keep is run here with headers that refuse to be read.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "~/lib/context";
import { requestStateMiddleware } from "~/lib/request-state.server";
import { standInUser } from "~/lib/shopper";
import routes from "~/routes";
import { createProduct } from "../tests/factories";
import { testServices } from "../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-db";
import { CACHEABLE_PATH, SHOPPER_PATH } from "./page-cache";

let t: TestDatabase;
let model: string;
beforeAll(async () => {
  t = await createTestDatabase();
  model = (await createProduct(t)).model;
});
afterAll(async () => {
  await t?.close();
});

const PERSONAL = ["cookie", "authorization", "x-forwarded-for", "referer", "user-agent"];

/** Headers that throw when a personal one is read, the way a loader would read it. */
class GuardedHeaders extends Headers {
  get(name: string) {
    if (PERSONAL.includes(name.toLowerCase())) throw new Error(`read the ${name} header`);
    return super.get(name);
  }
  has(name: string) {
    if (PERSONAL.includes(name.toLowerCase())) throw new Error(`asked for the ${name} header`);
    return super.has(name);
  }
}

type Match = { file: string; params: Record<string, string> };

/** The route files a path goes through (layouts first), or null when none matches it. */
function match(entries: RouteConfigEntry[], segments: string[], params = {}): Match[] | null {
  for (const entry of entries) {
    const own = (entry.path ?? "").split("/").filter(Boolean);
    if (own.length > segments.length) continue;
    const found: Record<string, string> = { ...params };
    let fits = true;
    for (const [i, part] of own.entries()) {
      if (part === "*") {
        found["*"] = segments.slice(i).join("/");
        break;
      }
      if (part.startsWith(":")) found[part.slice(1)] = segments[i] ?? "";
      else if (part !== segments[i]) fits = false;
    }
    if (!fits) continue;
    const rest = own.includes("*") ? [] : segments.slice(own.length);
    if (entry.children) {
      const below = match(entry.children, rest, found);
      if (below) return [{ file: entry.file, params: found }, ...below];
      continue;
    }
    if (rest.length === 0 && (entry.index || entry.path))
      return [{ file: entry.file, params: found }];
  }
  return null;
}

/** Every address of the URL map the page caches keep (a `:model` is a real product's). */
function cachedAddresses(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    const here = entry.path || entry.index ? [own] : [];
    return [...here, ...cachedAddresses(entry.children ?? [], own)];
  });
}

describe("pages kept for many", () => {
  it("are the home page, the catalogue, a product, the finder, the tools, the blog and its articles", () => {
    const addresses = cachedAddresses(routes)
      .map((address) => address.replace(":model", "M").replace(":slug", "S"))
      .filter((address) => CACHEABLE_PATH.test(address) || SHOPPER_PATH.test(address));
    expect(addresses.sort()).toEqual([
      "/",
      "/allproduct",
      "/battery-health",
      "/blog",
      "/blog/S",
      "/findby",
      "/inverter-sizing",
      "/oneprod/M",
    ]);
  });

  it.each([
    "/",
    "/allproduct",
    "/findby",
    "/oneprod/:model",
    "/battery-health?voltage=12.4&temperature=15",
    "/inverter-sizing?appliance1=tv&hours=3",
    "/blog",
    "/blog/:slug",
  ])(
    "%s reads no cookie or personal header, for a visitor's page or a shopper's template",
    async (pattern) => {
      const address = pattern.replace(":model", model).replace(":slug", "check-battery-voltage");
      const pathname = address.split("?")[0] ?? address;
      const matched = match(routes, pathname.split("/").filter(Boolean));
      expect(matched, address).not.toBeNull();
      for (const preread of [undefined, { user: standInUser("user"), cartCount: 2 }]) {
        const headers = new GuardedHeaders({ Accept: "text/html" });
        // A Request copies the headers it is given: hand out the guarded ones instead.
        const request = new Proxy(new Request(`http://localhost:3000${address}`), {
          get(target, key) {
            if (key === "headers") return headers;
            const value = Reflect.get(target, key, target);
            return typeof value === "function" ? value.bind(target) : value;
          },
        });
        const context = createAppContext(testServices(t, { sharedRender: true, preread }));
        await requestStateMiddleware(
          { request, context, params: {}, unstable_pattern: "" } as never,
          async () => new Response(),
        );
        for (const { file, params } of [{ file: "root.tsx", params: {} }, ...(matched ?? [])]) {
          const mod = (await import(pathToFileURL(path.resolve("app", file)).href)) as {
            loader?: (args: unknown) => unknown;
          };
          await expect(
            Promise.resolve(mod.loader?.({ request, params, context })),
            `${file} for ${address}`,
          ).resolves.not.toThrow();
        }
      }
    },
  );
});
