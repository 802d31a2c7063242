import { createHash } from "node:crypto";
import sharp from "sharp";
import { DomainError } from "~/lib/errors";
import { type FileStorage, UPLOADS_PATH } from "~/lib/file-storage.server";
import { MAX_IMAGE_BYTES } from "./product-form.schema";

export { MAX_IMAGE_BYTES };

/** More than any product photo needs (a 7,000 x 5,700 picture); a 16,000 x 16,000 PNG of a few
 * kilobytes would otherwise take seconds and hundreds of megabytes to re-encode. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const tooLarge = "the picture is larger than 40 megapixels";

/** Why an upload was refused; shown as "Image upload failed: <reason>". */
export class ImageUploadError extends DomainError {
  constructor(readonly reason: string) {
    super(`Image upload failed: ${reason}`, 400, { image: `Image upload failed: ${reason}` });
  }
}

/** The image type told by the file's first bytes (never by its name or declared type). */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const starts = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

const sizes = [
  { name: "card", width: 400 },
  { name: "detail", width: 900 },
] as const;

/**
 * Checks an uploaded product picture (JPEG, PNG or WebP, at most 5 MB, readable) and stores it
 * re-encoded as WebP in a card (400 px) and a detail (900 px) width, named by its content hash.
 * Both are re-encoded before either is stored, so a picture that fails leaves nothing behind.
 * Returns the detail image's public path; the card one is its "-card.webp" sibling.
 */
export async function storeProductImage(uploads: FileStorage, file: File): Promise<string> {
  if (file.size === 0) throw new ImageUploadError("the file is empty");
  if (file.size > MAX_IMAGE_BYTES) throw new ImageUploadError("the file is larger than 5 MB");
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!sniffImageType(bytes))
    throw new ImageUploadError("the file is not a JPEG, PNG or WebP image");
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new ImageUploadError(tooLarge);
  } catch (error) {
    if (error instanceof ImageUploadError) throw error;
    throw new ImageUploadError("the image could not be read");
  }
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 20);
  // One size after the other: a large picture decoded twice at once would double the memory.
  const encoded: { key: string; webp: Buffer }[] = [];
  try {
    for (const size of sizes) {
      const webp = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: size.width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      encoded.push({ key: `products/${hash}-${size.name}.webp`, webp });
    }
  } catch {
    throw new ImageUploadError("the image could not be read");
  }
  for (const { key, webp } of encoded) await uploads.write(key, webp, "image/webp");
  return `${UPLOADS_PATH}/products/${hash}-detail.webp`;
}
