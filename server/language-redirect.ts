import type express from "express";
import { chosenLanguage } from "~/lib/i18n/language-choice";
import { localeOfPath, localePath } from "~/lib/i18n/locales";

/**
 * Addresses that are not a public page: the back office, the APIs, files, data requests and
 * resource routes (a form's post target, a PDF, a feed), which stay as they are asked for.
 */
const NOT_A_PAGE =
  /^\/(?:admin|api|assets|uploads|images|logout|cart\/add|newsletter$|search\/|language$|blog\d|healthz|readyz)|\.\w+$/i;

/**
 * A visitor who chose Hindi or Gujarati (the `lang` cookie the switcher sets) and opens an
 * English address of a public page is sent (302) to the same page in that language. Mounted
 * before the page cache: the cached English page is never the answer to them. Only GET
 * requests for a document (a browser's navigation asks for text/html).
 */
export function languageRedirect(): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const chosen = chosenLanguage(req.headers.cookie);
    if (!chosen || chosen === "en") return next();
    if (localeOfPath(req.path) !== "en" || NOT_A_PAGE.test(req.path)) return next();
    if (!req.get("accept")?.includes("text/html")) return next();
    res.set("Cache-Control", "private, no-store");
    res.set("Vary", "Cookie");
    res.redirect(302, localePath(chosen, req.originalUrl));
  };
}
