import { createReadStream } from "node:fs";
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** The address uploaded files are served at; a file stored under `key` is `${UPLOADS_PATH}/key`. */
export const UPLOADS_PATH = "/uploads";

/** A stored file being read: its bytes as a stream and what a response needs to describe them. */
export type StoredFile = {
  body: Readable;
  size: number;
  contentType: string;
  etag?: string;
  lastModified?: Date;
};

/**
 * Where uploaded files live: a folder on this machine, or an S3-compatible bucket that every app
 * process shares (ADR 041). Keys are relative paths such as "products/ab12-card.webp"; a file's
 * name is its content's hash, so a key is written once and never changes.
 */
export type FileStorage = {
  /** Where the files are, in words for the start-up log and error messages. */
  readonly description: string;
  /** The folder the files are in, when they are on this machine (served straight from it). */
  readonly localDir?: string;
  /** Fails with a clear sentence when the storage cannot be used (start-up check). */
  check(): Promise<void>;
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none under `key`. */
  read(key: string): Promise<StoredFile | null>;
};

/**
 * True for a key the store could have written: path segments of letters, digits, dots, dashes
 * and underscores, none of them "." or "..". Anything else is answered as missing.
 */
export function isStorageKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 512 &&
    key.split("/").every((part) => /^[A-Za-z0-9._-]+$/.test(part) && part !== "." && part !== "..")
  );
}

function assertKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

const typesByExtension: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".svg": "image/svg+xml",
};

/** The content type a file's name tells (what a folder of files has instead of metadata). */
export function contentTypeOf(key: string): string {
  return typesByExtension[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** Files in a folder on this machine (DATA_DIR/uploads): one process, or a shared volume. */
export function diskStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  return {
    description: `the folder ${root}`,
    localDir: root,
    async check() {
      await mkdir(root, { recursive: true });
    },
    async write(key, bytes) {
      assertKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      const file = path.join(root, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(file),
          size: info.size,
          contentType: contentTypeOf(key),
          lastModified: info.mtime,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
