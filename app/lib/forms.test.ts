import { describe, expect, it } from "vitest";
import { z } from "zod";
import { echoValues, formValues, parseForm } from "./forms";

describe("form helpers", () => {
  it("reads text fields and skips files", () => {
    const fd = new FormData();
    fd.set("name", "Asha");
    fd.set("photo", new Blob(["x"]), "photo.png");
    expect(formValues(fd)).toEqual({ name: "Asha" });
  });

  it("removes NUL characters, which the database cannot store", () => {
    const fd = new FormData();
    fd.set("name", "As\0ha");
    expect(formValues(fd)).toEqual({ name: "Asha" });
  });

  it("gives the first message per field", () => {
    const schema = z.object({ a: z.string().min(2, "too short").max(1, "never") });
    const result = parseForm(schema, { a: "x" });
    expect(result).toEqual({ success: false, fieldErrors: { a: "too short" } });
  });

  it("never sends passwords back", () => {
    expect(
      echoValues({ email: "a@b.in", password: "secret1234", confirmPassword: "x", intent: "add" }),
    ).toEqual({ email: "a@b.in", intent: "add" });
  });
});
