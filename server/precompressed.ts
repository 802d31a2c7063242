import { readdirSync } from "node:fs";
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
  // The build's assets never change while the store runs: list their compressed copies once
  // (a set the size of the build, however many different addresses are asked for).
  let files: Set<string>;
  try {
    files = new Set(readdirSync(root, { recursive: true, encoding: "utf8" }));
  } catch {
    files = new Set();
  }
  const encodings = [
    { name: "br", suffix: ".br", accepted: /\bbr\b/ },
    { name: "gzip", suffix: ".gz", accepted: /\bgzip\b/ },
  ];
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type || req.path.includes("..")) return next();
    const accepted = req.get("accept-encoding") ?? "";
    const asset = req.path.replace(/^\/+/, "");
    for (const encoding of encodings) {
      if (!encoding.accepted.test(accepted) || !files.has(`${asset}${encoding.suffix}`)) continue;
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Encoding", encoding.name);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.sendFile(path.join(root, `${asset}${encoding.suffix}`), { dotfiles: "deny" }, (error) =>
        error ? next(error) : undefined,
      );
      return;
    }
    next();
  };
}
