import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { productCategories } from "~/db/schema/enums";
import { cardImage, detailImage, familyImage, PLACEHOLDER_IMAGE } from "./product-image";

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

describe("a product without its own image", () => {
  it("shows its family's picture on cards and on its page", () => {
    expect(cardImage(null, "bike")).toBe("/images/families/bike.svg");
    expect(detailImage("", "inverter")).toBe("/images/families/inverter.svg");
  });

  it("keeps its own image when it has one (an upload's card size on cards)", () => {
    expect(cardImage("/uploads/ab12-detail.webp", "car")).toBe("/uploads/ab12-card.webp");
    expect(detailImage("/uploads/ab12-detail.webp", "car")).toBe("/uploads/ab12-detail.webp");
  });
});
