import { gunzipSync } from "node:zlib";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { encodingIn } from "./page-cache";
import { cutTemplate, encoders, fillTemplate, gzipTemplate } from "./page-template";

/** A name that needs every kind of escaping there is. */
const NASTY = `O'Brien & <b>"Sons"</b> \u2028 </script><script>alert(1)</script> \\ é`;

/** React Router's hydration script, written as React Router writes it (single-fetch.tsx): the
 * data's text (JSON) as a JavaScript string, with what could end a script escaped. */
const streamScript = (data: unknown, nonce: string) => {
  const escapes: Record<string, string> = { "&": "\\u0026", "<": "\\u003c", ">": "\\u003e" };
  const text = JSON.stringify(JSON.stringify(data))
    .replace(/[&<>]/g, (c) => escapes[c] as string)
    .replace(/\u2028/g, "\\u2028");
  return `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${text});</script>`;
};

describe("values written where a page had stand-ins", () => {
  it("are escaped as React escapes text, as JSON, and as JSON inside a script string", () => {
    // As React writes a text and an attribute.
    expect(renderToStaticMarkup(createElement("p", { title: NASTY }, NASTY))).toBe(
      `<p title="${encoders.html(NASTY)}">${encoders.html(NASTY)}</p>`,
    );
    expect(encoders.html(NASTY)).toBe(
      "O&#x27;Brien &amp; &lt;b&gt;&quot;Sons&quot;&lt;/b&gt; \u2028 &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; \\ é",
    );
    expect(JSON.parse(`"${encoders.json(NASTY)}"`)).toBe(NASTY);
    // The script form: a JavaScript string holding JSON, with nothing that could end the script.
    const inScript = encoders.script(NASTY);
    expect(inScript).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(`"${JSON.parse(`"${inScript}"`)}"`)).toBe(NASTY);
  });

  it("fill a cut page back to the page rendered with those values, gzipped or not", () => {
    const render = (nonce: string, name: string) =>
      `<html><script nonce="${nonce}">x</script><p aria-label="Menu for ${encoders.html(name)}">${encoders.html(name)}</p>${"<li>card</li>".repeat(300)}${streamScript({ name }, nonce)}</html>`;
    const template = cutTemplate(
      Buffer.from(render("NONCE0", "zqName")),
      { nonce: "NONCE0", name: "zqName" },
      encodingIn("/allproduct"),
      "zq",
    );
    if (!template) throw new Error("not cut");
    expect(template.holes.map((hole) => `${hole.field}:${hole.encoding}`)).toEqual([
      "nonce:raw",
      "name:html",
      "name:html",
      "nonce:raw",
      "name:script",
    ]);
    const values = { nonce: "fresh+nonce==", name: NASTY };
    const expected = render("fresh+nonce==", NASTY);
    expect(fillTemplate(template, values).toString()).toBe(expected);
    expect(gunzipSync(gzipTemplate(template, values)).toString()).toBe(expected);
  });

  it("go into the gzip stream whatever their length, an empty one too", () => {
    const template = cutTemplate(Buffer.from("<p>zqName</p>"), { name: "zqName" }, () => "raw");
    if (!template) throw new Error("not cut");
    for (const name of ["", "a", "é".repeat(40_000)]) {
      expect(gunzipSync(gzipTemplate(template, { name })).toString()).toBe(`<p>${name}</p>`);
    }
    // Holes side by side, first and last: the pieces between are empty.
    const bare = cutTemplate(Buffer.from("zqNamezqName"), { name: "zqName" }, () => "raw");
    if (!bare) throw new Error("not cut");
    expect(gunzipSync(gzipTemplate(bare, { name: "ab" })).toString()).toBe("abab");
  });

  it("in a data request are JSON strings", () => {
    const body = Buffer.from(JSON.stringify([{ name: "zqName" }]));
    const template = cutTemplate(body, { name: "zqName" }, encodingIn("/allproduct.data"), "zq");
    if (!template) throw new Error("not cut");
    expect(JSON.parse(fillTemplate(template, { name: NASTY }).toString())).toEqual([
      { name: NASTY },
    ]);
  });

  it("are refused in any other script, and when a stand-in was cut in two", () => {
    const encoding = encodingIn("/allproduct");
    const inOtherScript = Buffer.from(`<p>zqName</p><script>var name = "zqName";</script>`);
    expect(cutTemplate(inOtherScript, { name: "zqName" }, encoding, "zq")).toBeNull();
    const cutInTwo = Buffer.from(`<p>zqName</p><script>...enqueue("zqNa");</script>`);
    expect(cutTemplate(cutInTwo, { name: "zqName" }, encoding, "zq")).toBeNull();
  });
});
