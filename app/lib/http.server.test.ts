import { describe, expect, it } from "vitest";
import { formUnreadableMessage, readForm, refererPath, safeRedirect } from "./http.server";

function post(body: BodyInit, contentType?: string) {
  return new Request("http://localhost/login", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });
}

describe("readForm", () => {
  it("reads an url-encoded form and a multipart form", async () => {
    const encoded = await readForm(post(new URLSearchParams({ email: "a@b.in" })));
    expect(encoded.get("email")).toBe("a@b.in");
    const multipart = new FormData();
    multipart.set("name", "Asha");
    expect((await readForm(post(multipart))).get("name")).toBe("Asha");
  });

  it.each([
    ["JSON", '{"email":"a@b.in"}', "application/json"],
    ["plain text", "email=a@b.in", "text/plain"],
    ["broken multipart", "--nope\r\nnot a part", "multipart/form-data; boundary=x"],
    ["no content type", "email=a@b.in", undefined],
  ])("answers %s with a 400 Response", async (_, body, contentType) => {
    const thrown = await readForm(post(body, contentType)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).text()).toBe(formUnreadableMessage);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/account", "/account"],
    ["/allproduct?capacity=40", "/allproduct?capacity=40"],
    ["/admin/user#top", "/admin/user#top"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/steal",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "account",
    "",
    null,
    undefined,
    // Paths that normalise into another site (found by probing the store).
    "/.//evil.example",
    "/..//evil.example",
    "/./\\evil.example",
    "/%2e%2e//evil.example",
    "//x",
    "/\\x",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "https:evil.example",
    "http://localhost/",
    "JAVASCRIPT:alert(1)",
    "%2F%2Fevil.example",
  ])("refuses %j", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });

  it("never answers with a path that a browser would read as another site", () => {
    for (const input of ["/a/.//b", "/a/..//b", "/%2F%2Fx", "/./x", "/a/../b"]) {
      const result = safeRedirect(input);
      expect(result, input).toMatch(/^\/(?![/\\])/);
    }
    expect(safeRedirect("/a/../b")).toBe("/b");
    expect(safeRedirect("/%2F%2Fx")).toBe("/%2F%2Fx");
  });
});

describe("refererPath", () => {
  const from = (referer?: string) =>
    refererPath(
      new Request("http://localhost/admin/preferences", {
        method: "POST",
        headers: referer === undefined ? {} : { Referer: referer },
      }),
      "/admin",
    );

  it("gives the path of the page the form was posted from", () => {
    expect(from("http://localhost/admin/user?q=asha")).toBe("/admin/user");
  });

  it.each([undefined, "", "not a url", "http://[::1", "http://", "//admin/user"])(
    "falls back for the Referer %j",
    (referer) => {
      expect(from(referer)).toBe("/admin");
    },
  );

  it("keeps the page's query when asked, only for the store's own pages", () => {
    const back = (referer: string) =>
      refererPath(
        new Request("http://localhost/cart/add", { method: "POST", headers: { Referer: referer } }),
        "/allproduct",
        { withQuery: true },
      );
    expect(back("http://localhost/allproduct?category=car&page=2")).toBe(
      "/allproduct?category=car&page=2",
    );
    expect(back("http://elsewhere.example/allproduct?category=car")).toBe("/allproduct");
    expect(back("http://localhost//evil.example?x=1")).toBe("/allproduct");
  });
});
