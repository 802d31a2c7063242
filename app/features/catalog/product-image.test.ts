import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { productCategories } from "~/db/schema/enums";
import { familyImage, PLACEHOLDER_IMAGE } from "./product-image";

describe("familyImage", () => {
  it("is the drawn family picture for every category, and that file is shipped", () => {
    for (const category of productCategories) {
      const image = familyImage(category);
      expect(image).toBe(`/images/families/${category}.svg`);
      expect(existsSync(path.join("public", image))).toBe(true);
    }
  });

  it("is the placeholder for an unknown category", () => {
    expect(familyImage("tractor")).toBe(PLACEHOLDER_IMAGE);
    expect(familyImage("")).toBe(PLACEHOLDER_IMAGE);
    expect(familyImage("../car")).toBe(PLACEHOLDER_IMAGE);
  });
});
