import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { diskStorage, type FileStorage } from "~/lib/file-storage.server";
import { s3Storage } from "~/lib/s3-storage.server";
import { action } from "~/routes/admin/catalog-products";
import { createUser, productFormFields } from "../tests/factories";
import { outcome, routeArgs, statusOf } from "../tests/helpers/app-context";
import { testAppDeps } from "../tests/helpers/app-deps";
import { listen } from "../tests/helpers/listen";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-db";
import { createApp } from "./app";

/**
 * Product photos in an S3-compatible bucket: a real S3 server (s3rver, in this process, on a free
 * port, its files in a temporary folder) spoken to by the AWS SDK as MinIO or R2 would be.
 */
const BUCKET = "shop-photos";
let s3rver: S3rver;
const s3rverFolder = mkdtempSync(path.join(tmpdir(), "store-s3rver-"));
let endpoint: string;
let bucket: FileStorage;
let t: TestDatabase;
let base: string;
let close: () => Promise<void>;
let adminCookie: string;

const settings = (overrides: Partial<Parameters<typeof s3Storage>[0]> = {}) => ({
  bucket: BUCKET,
  region: "us-east-1",
  endpoint,
  // s3rver's own documented key pair.
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  forcePathStyle: true,
  prefix: "store/",
  ...overrides,
});

beforeAll(async () => {
  s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3rverFolder,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  bucket = s3Storage(settings());
  t = await createTestDatabase();
  adminCookie = (await createUser(t, { role: "admin" })).cookie;
  const app = createApp(testAppDeps(t, { uploads: bucket }));
  ({ base, close } = await listen(app));
});
afterAll(async () => {
  await close?.();
  await t?.close();
  await s3rver?.close();
  await rm(s3rverFolder, { recursive: true, force: true });
});

async function photo(background: string): Promise<File> {
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "battery.png", { type: "image/png" });
}

/** Adds a product through the admin's product form, its photo going where `uploads` says. */
async function addProduct(model: string, image: File): Promise<string> {
  const body = new FormData();
  for (const [name, value] of Object.entries({ intent: "add", ...productFormFields, model })) {
    body.append(name, value);
  }
  body.set("image", image);
  const request = new Request("http://localhost:3000/admin/product?add=1", {
    method: "POST",
    body,
    headers: { Cookie: adminCookie },
  });
  const result = await outcome(async () =>
    action(await routeArgs(t, request, {}, { uploads: bucket })),
  );
  expect(statusOf(result)).toBe(302);
  const [row] = await t.db
    .select({ image: products.image })
    .from(products)
    .where(eq(products.model, model));
  return row?.image ?? "";
}

describe("product photos in an S3-compatible bucket", () => {
  it("are stored by the product form and served back at /uploads with a year's immutable cache", async () => {
    const image = await addProduct("S3-DIN-60", await photo("#2548ea"));
    expect(image).toMatch(/^\/uploads\/products\/[0-9a-f]{20}-detail\.webp$/);

    for (const [address, width] of [
      [image, 900],
      [image.replace("-detail.webp", "-card.webp"), 400],
    ] as const) {
      const res = await fetch(`${base}${address}`);
      expect(res.status, address).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
    }

    // The object is under the store's prefix in the bucket, and nothing was written to a disk.
    const stored = await s3Storage(settings({ prefix: "" })).read(
      `store/${image.replace("/uploads/", "")}`,
    );
    expect(stored?.contentType).toBe("image/webp");
    stored?.body.destroy();
  });

  it("answers a browser that has the photo with 304, and HEAD without a body", async () => {
    const image = await addProduct("S3-DIN-74", await photo("#e2a400"));
    const first = await fetch(`${base}${image}`);
    await first.arrayBuffer();
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const again = await fetch(`${base}${image}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}${image}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(first.headers.get("content-length"));
  });

  it("answers a missing or malformed address with 404, and a post with 405", async () => {
    for (const address of [
      "/uploads/products/0000-detail.webp",
      "/uploads/",
      "/uploads/products/../secret",
      "/uploads/products/%2e%2e/x.webp",
      "/uploads/products/%E0%A4",
    ]) {
      const res = await fetch(`${base}${address}`);
      expect(res.status, address).toBe(404);
      expect(await res.text()).toBe("Not found.");
    }
    const post = await fetch(`${base}/uploads/products/x.webp`, {
      method: "POST",
      headers: { Origin: "http://localhost:3000" },
    });
    expect(post.status).toBe(405);
  });

  it("refuses to start with a bucket that is not there or a key that is refused, saying which", async () => {
    await expect(s3Storage(settings({ bucket: "no-such-bucket" })).check()).rejects.toThrow(
      `Uploads cannot be stored in the bucket no-such-bucket at ${endpoint}: it does not exist. Check the S3_* settings.`,
    );
    const wrongSecret = { accessKeyId: "NOT-A-KEY", secretAccessKey: "not-the-secret" };
    await expect(s3Storage(settings({ credentials: wrongSecret })).check()).rejects.toThrow(
      `Uploads cannot be stored in the bucket ${BUCKET} at ${endpoint}: the access key is refused.`,
    );
    await bucket.check();
  });
});

describe("the disk and the bucket keep files alike", () => {
  it.each([
    ["disk", () => diskStorage(mkdtempSync(path.join(tmpdir(), "store-uploads-")))],
    ["bucket", () => bucket],
  ] as const)(
    "%s: what is written is read back; a missing key or a bad one is null",
    async (_, make) => {
      const storage = make();
      await storage.check();
      await storage.write("products/abc-card.webp", new Uint8Array([1, 2, 3]), "image/webp");
      const file = await storage.read("products/abc-card.webp");
      const chunks: Buffer[] = [];
      for await (const chunk of file?.body ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(Buffer.from([1, 2, 3]));
      expect(file).toMatchObject({ size: 3, contentType: "image/webp" });
      expect(await storage.read("products/none.webp")).toBeNull();
      expect(await storage.read("products")).toBeNull();
      expect(await storage.read("../etc/passwd")).toBeNull();
      await expect(storage.write("../x.webp", new Uint8Array([1]), "image/webp")).rejects.toThrow(
        "Not a storage key",
      );
    },
  );
});
