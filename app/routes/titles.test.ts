import { describe, expect, it } from "vitest";
import routes from "~/routes";

type Entry = { file: string; children?: Entry[] };
const files = (entries: Entry[]): string[] =>
  entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);

describe("page titles", () => {
  // Imports every route module: seconds on a busy machine, not a hang.
  it("end in the store's name on every page that sets one", { timeout: 30_000 }, async () => {
    const matches = [{ id: "root", data: { store: { brandName: "Test Store" } } }];
    let pages = 0;
    for (const file of files(routes as Entry[])) {
      const mod = await import(`./${file.replace(/^routes\//, "").replace(/\.tsx?$/, "")}`);
      if (typeof mod.meta !== "function") continue;
      // As a page without its data (an error page) and, for the layout, with an error.
      for (const error of [undefined, new Error("x")]) {
        const tags = mod.meta({ matches, error, params: {}, loaderData: undefined }) as {
          title?: string;
        }[];
        for (const tag of tags.filter((t) => t.title !== undefined)) {
          pages += 1;
          expect(tag.title, file).toMatch(/ · Test Store$/);
        }
      }
    }
    expect(pages).toBeGreaterThanOrEqual(15);
  });
});
