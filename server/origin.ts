import type express from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sign-in providers post their answer back from their own site (Apple's form_post). */
const CROSS_SITE_CALLBACKS = /^\/api\/auth\/callback\//;

/**
 * True when a request may change state: a safe method, or a post from the store's own pages.
 * With an Origin header, it must be the store's public origin or this request's own host (the
 * store reached by another name, e.g. 127.0.0.1); "null" (sandboxed frames, privacy modes) is
 * refused. Without one (older browsers, non-browser clients), a browser's Sec-Fetch-Site must
 * not say cross-site.
 */
export function isAllowedOrigin(req: express.Request, publicUrl: string): boolean {
  if (SAFE_METHODS.has(req.method) || CROSS_SITE_CALLBACKS.test(req.path)) return true;
  const origin = req.get("origin");
  if (origin === undefined) {
    const site = req.get("sec-fetch-site");
    return site === undefined || site === "same-origin" || site === "none";
  }
  if (!URL.canParse(origin)) return false;
  const from = new URL(origin);
  if (from.origin === new URL(publicUrl).origin) return true;
  return from.host === req.get("host") && from.protocol === `${req.protocol}:`;
}
