import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { diskStorage } from "~/lib/file-storage.server";
import { ImageUploadError, storeProductImage } from "./product-images.server";

const dir = () => mkdtempSync(path.join(tmpdir(), "store-images-"));
/** Product photos stored on the disk, in a folder of the test's own. */
const store = (uploads: string, file: File) => storeProductImage(diskStorage(uploads), file);

async function picture(format: "png" | "jpeg" | "webp", width = 1600, height = 1200) {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } },
  });
  return new File([new Uint8Array(await image[format]().toBuffer())], `photo.${format}`, {
    type: `image/${format}`,
  });
}

describe("storeProductImage", () => {
  it.each(["png", "jpeg", "webp"] as const)(
    "re-encodes a %s to WebP in 400 and 900 px widths",
    async (format) => {
      const uploads = dir();
      const publicPath = await store(uploads, await picture(format));
      expect(publicPath).toMatch(/^\/uploads\/products\/[0-9a-f]{20}-detail\.webp$/);
      const files = readdirSync(path.join(uploads, "products")).sort();
      expect(files).toHaveLength(2);
      for (const [file, width] of [
        [files.find((f) => f.endsWith("-card.webp")), 400],
        [files.find((f) => f.endsWith("-detail.webp")), 900],
      ] as const) {
        const meta = await sharp(path.join(uploads, "products", file ?? "")).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(width);
      }
    },
  );

  it("never enlarges a small picture", async () => {
    const uploads = dir();
    const publicPath = await store(uploads, await picture("png", 300, 200));
    const meta = await sharp(path.join(uploads, publicPath.replace("/uploads/", ""))).metadata();
    expect(meta.width).toBe(300);
  });

  it("judges by content: a text file named .png is refused", async () => {
    const fake = new File(["not an image at all"], "photo.png", { type: "image/png" });
    await expect(store(dir(), fake)).rejects.toThrow(
      "Image upload failed: the file is not a JPEG, PNG or WebP image",
    );
  });

  it("refuses a GIF, an empty file, a truncated PNG and anything over 5 MB", async () => {
    const gif = new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
            .gif()
            .toBuffer(),
        ),
      ],
      "a.gif",
    );
    await expect(store(dir(), gif)).rejects.toBeInstanceOf(ImageUploadError);
    await expect(store(dir(), new File([], "empty.png"))).rejects.toThrow("the file is empty");
    const png = new Uint8Array(await (await picture("png")).arrayBuffer());
    await expect(store(dir(), new File([png.slice(0, 40)], "cut.png"))).rejects.toThrow(
      "the image could not be read",
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png");
    await expect(store(dir(), big)).rejects.toThrow("the file is larger than 5 MB");
  });

  it("refuses a picture over 40 megapixels, however small its file, before re-encoding it", async () => {
    // 16,000 x 16,000 of one colour: a PNG of a few hundred kilobytes.
    const huge = await picture("png", 16_000, 16_000);
    expect(huge.size).toBeLessThan(5 * 1024 * 1024);
    const uploads = dir();
    await expect(store(uploads, huge)).rejects.toThrow(
      "Image upload failed: the picture is larger than 40 megapixels",
    );
    expect(() => readdirSync(path.join(uploads, "products"))).toThrow("ENOENT");
  });
});
