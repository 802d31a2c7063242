import path from "node:path";
import { pipeline } from "node:stream/promises";
import express from "express";
import type { Env } from "~/lib/env.server";
import { s3Settings } from "~/lib/env.server";
import { diskStorage, type FileStorage } from "~/lib/file-storage.server";
import { s3Storage } from "~/lib/s3-storage.server";

/** Where this store keeps uploads: the bucket the S3_* variables name, else DATA_DIR/uploads. */
export function uploadStorage(env: Env): FileStorage {
  const s3 = s3Settings(env);
  return s3 ? s3Storage(s3) : diskStorage(path.resolve(env.DATA_DIR, "uploads"));
}

/** A year, and never asked again: an upload's name is its content's hash (ADR 041). */
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(): Error {
  return Object.assign(new Error("Not found"), { status: 404 });
}

/**
 * Serves uploaded files at /uploads with a long, immutable cache. A folder on this machine is
 * served by Express's static server (ranges, conditional requests); a bucket's files are read
 * and sent on by the store, so the bucket stays private and every address stays the store's own.
 * A missing file is a 404 (passed to the app's error handler, as the static server does).
 */
export function uploadsHandler(storage: FileStorage): express.RequestHandler {
  if (storage.localDir) {
    return express.static(storage.localDir, {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
    });
  }
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD").status(405).type("text/plain").send("Method not allowed.");
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      next(notFound());
      return;
    }
    try {
      const file = await storage.read(key);
      if (!file) {
        next(notFound());
        return;
      }
      res.set({
        "Cache-Control": IMMUTABLE,
        "Content-Type": file.contentType,
        "X-Content-Type-Options": "nosniff",
      });
      if (file.etag) res.set("ETag", file.etag);
      if (file.lastModified) res.set("Last-Modified", file.lastModified.toUTCString());
      if (file.etag && req.headers["if-none-match"] === file.etag) {
        file.body.destroy();
        res.status(304).end();
        return;
      }
      res.set("Content-Length", String(file.size));
      if (req.method === "HEAD") {
        file.body.destroy();
        res.end();
        return;
      }
      await pipeline(file.body, res);
    } catch (error) {
      next(error);
    }
  };
}
