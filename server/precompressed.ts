import { existsSync } from "node:fs";
import path from "node:path";
import type express from "express";

/** Types of the files the build precompresses (scripts/build-server.mjs). */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/**
 * Serves a build asset's precompressed copy (`x.js.br`, `x.js.gz`, made once by the build) to a
 * browser that takes it, so no asset is compressed again on every request. Other files and
 * browsers fall through to the static file server (and the compression middleware).
 */
export function precompressed(root: string): express.RequestHandler {
  const known = new Map<string, boolean>();
  const exists = (file: string) => {
    let found = known.get(file);
    if (found === undefined) {
      found = existsSync(file);
      known.set(file, found);
    }
    return found;
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type || req.path.includes("..")) return next();
    const accepted = req.get("accept-encoding") ?? "";
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      const file = path.join(root, `${req.path}${suffix}`);
      if (!new RegExp(`\\b${encoding}\\b`).test(accepted) || !exists(file)) continue;
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.sendFile(file, { dotfiles: "deny" }, (error) => error && next(error));
      return;
    }
    next();
  };
}
