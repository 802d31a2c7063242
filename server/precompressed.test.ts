import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../tests/helpers/listen";
import { precompressed } from "./precompressed";

let base: string;
let close: () => Promise<void>;
const script = "console.log('a store script');".repeat(20);

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), "precompressed-"));
  mkdirSync(path.join(root, "assets"));
  const file = path.join(root, "assets", "entry-abc.js");
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  const app = express();
  app.use("/assets", precompressed(path.join(root, "assets")));
  app.use((_req, res) => res.status(404).send("fell through"));
  ({ base, close } = await listen(app));
});
afterAll(async () => {
  await close?.();
});

const get = (file: string, encoding: string) =>
  fetch(`${base}/assets/${file}`, { headers: { "Accept-Encoding": encoding } });

describe("precompressed build assets", () => {
  it("sends the brotli copy to a browser that takes it, else the gzip one", async () => {
    for (const [accepted, sent] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ]) {
      const res = await get("entry-abc.js", accepted as string);
      expect(res.headers.get("content-encoding")).toBe(sent);
      expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(await res.text()).toBe(script);
    }
  });

  it("leaves the rest to the static file server", async () => {
    expect(await (await get("entry-abc.js", "identity")).text()).toBe("fell through");
    expect(await (await get("missing.js", "br")).text()).toBe("fell through");
    expect(await (await get("..%2f..%2fetc%2fpasswd.js", "br")).text()).toBe("fell through");
  });
});
