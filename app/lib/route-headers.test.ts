import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { passHeaders } from "./route-headers";

describe("passHeaders", () => {
  it("keeps a 429's Retry-After and the parent's headers; cookies are React Router's to merge", () => {
    const headers = new Headers(
      passHeaders({
        parentHeaders: new Headers({ "Cache-Control": "private, no-cache" }),
        loaderHeaders: new Headers(),
        actionHeaders: new Headers({ "Retry-After": "900", "Set-Cookie": "a=1" }),
        errorHeaders: undefined,
      }),
    );
    expect(headers.get("Retry-After")).toBe("900");
    expect(headers.get("Cache-Control")).toBe("private, no-cache");
    expect(headers.get("Set-Cookie")).toBeNull();
  });

  // Imports every route module: seconds on a busy machine, not a hang.
  it("is the headers export of every page that has a form action", {
    timeout: 30_000,
  }, async () => {
    const files: string[] = [];
    const walk = (entries: typeof routes) => {
      for (const entry of entries) {
        files.push(entry.file);
        walk(entry.children ?? []);
      }
    };
    walk(routes);
    let pages = 0;
    for (const file of files) {
      const mod = await import(`../${file.replace(/\.tsx?$/, "")}`);
      const isPage = typeof mod.default === "function";
      if (isPage && typeof mod.action === "function" && mod.action.intents) {
        pages += 1;
        expect(mod.headers, file).toBe(passHeaders);
      }
    }
    expect(pages).toBeGreaterThanOrEqual(9);
  });
});
