import { describe, expect, it } from "vitest";
import routes from "~/routes";

type Entry = { file: string; children?: Entry[] };
const files = (entries: Entry[]): string[] =>
  entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);

type Tag = { title?: string; name?: string; property?: string; content?: string; rel?: string };

describe("page titles", () => {
  // Imports every route module: seconds on a busy machine, not a hang.
  it("end in the store's name on every page that sets one; every public page describes itself", {
    timeout: 30_000,
  }, async () => {
    const matches = [
      {
        id: "root",
        data: { store: { brandName: "Test Store" }, publicUrl: "https://shop.example.in" },
      },
    ];
    let pages = 0;
    const descriptions = new Map<string, string>();
    for (const file of files(routes as Entry[])) {
      const mod = await import(`./${file.replace(/^routes\//, "").replace(/\.tsx?$/, "")}`);
      if (typeof mod.meta !== "function") continue;
      // As a page without its data (an error page) and, for the layout, with an error.
      for (const error of [undefined, new Error("x")]) {
        const tags = mod.meta({
          matches,
          error,
          params: {},
          loaderData: undefined,
          location: { pathname: "/page", search: "", hash: "" },
        }) as Tag[];
        for (const tag of tags.filter((t) => t.title !== undefined)) {
          pages += 1;
          expect(tag.title, file).toMatch(/ · Test Store$/);
        }
        // The public pages (the back office has its own, noindex by its layout).
        if (file.startsWith("routes/admin/") || !tags.some((t) => t.title)) continue;
        const description = tags.find((t) => t.name === "description")?.content;
        expect(description, file).toBeTruthy();
        const indexed = !tags.some((t) => t.name === "robots" && /noindex/.test(t.content ?? ""));
        // A page for search results has its canonical address and its link preview.
        if (indexed) {
          expect(
            tags.find((t) => t.rel === "canonical"),
            file,
          ).toBeDefined();
          expect(
            tags.find((t) => t.property === "og:title"),
            file,
          ).toBeDefined();
          const other = descriptions.get(description ?? "") ?? file;
          expect(other, `${file} has the description of ${other}`).toBe(file);
          descriptions.set(description ?? "", file);
        }
      }
    }
    expect(pages).toBeGreaterThanOrEqual(15);
    expect(descriptions.size).toBeGreaterThanOrEqual(7);
  });
});
