import { describe, expect, it } from "vitest";
import { PublicDataCache, uncachedPublicData } from "./public-data.server";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("PublicDataCache", () => {
  it("loads a value once and answers from memory until it expires", async () => {
    let now = 0;
    const cache = new PublicDataCache({ ttlMs: 1_000, maxEntries: 10 }, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("list", load)).toBe(1);
    now = 999;
    expect(await cache.get("list", load)).toBe(1);
    now = 1_000;
    expect(await cache.get("list", load)).toBe(2);
  });

  it("shares one load between shoppers asking at the same time", async () => {
    const cache = new PublicDataCache();
    const answer = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return answer.promise;
    };
    const both = Promise.all([cache.get("list", load), cache.get("list", load)]);
    answer.resolve("batteries");
    expect(await both).toEqual(["batteries", "batteries"]);
    expect(loads).toBe(1);
  });

  it("forgets everything when emptied, and never keeps a value loaded before that", async () => {
    const cache = new PublicDataCache();
    expect(await cache.get("list", async () => "old")).toBe("old");
    const slow = deferred<string>();
    cache.clear();
    const loading = cache.get("counts", () => slow.promise);
    // An admin saves while the counts are being read: they may be from before the save.
    cache.clear();
    slow.resolve("read before the save");
    expect(await loading).toBe("read before the save");
    expect(await cache.get("counts", async () => "fresh")).toBe("fresh");
    expect(await cache.get("list", async () => "new")).toBe("new");
  });

  it("does not keep a failed load", async () => {
    const cache = new PublicDataCache();
    await expect(cache.get("list", () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await cache.get("list", async () => "back")).toBe("back");
  });

  it("drops the oldest values when full", async () => {
    const cache = new PublicDataCache({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get("a", async () => 1);
    await cache.get("b", async () => 2);
    await cache.get("c", async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get("a", async () => 10)).toBe(10);
    expect(await cache.get("c", async () => 30)).toBe(3);
  });
});

describe("uncachedPublicData", () => {
  it("loads every time", async () => {
    let loads = 0;
    await uncachedPublicData.get("list", async () => ++loads);
    expect(await uncachedPublicData.get("list", async () => ++loads)).toBe(2);
  });
});
