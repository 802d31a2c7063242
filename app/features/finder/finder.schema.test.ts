import { describe, expect, it } from "vitest";
import { cascade } from "./finder.options";
import { finderQuerySchema } from "./finder.schema";

describe("finder query", () => {
  it("reads the chosen levels and defaults to cars", () => {
    expect(
      finderQuerySchema.parse({
        make: "Hyundai",
        model: "Creta",
        year: "2022",
        fuel: "Diesel",
        find: "1",
      }),
    ).toEqual({
      type: "car",
      make: "Hyundai",
      model: "Creta",
      year: 2022,
      fuel: "Diesel",
      find: true,
    });
  });

  it("ignores a bad year or vehicle type", () => {
    const q = finderQuerySchema.parse({ type: "boat", year: "19x" });
    expect(q.type).toBe("car");
    expect(q.year).toBeUndefined();
  });

  it("empties every level below the first empty one", () => {
    const q = finderQuerySchema.parse({ make: "", model: "Creta", year: "2022", fuel: "Diesel" });
    expect(cascade(q)).toMatchObject({
      make: undefined,
      model: undefined,
      year: undefined,
      fuel: undefined,
    });
    const q2 = finderQuerySchema.parse({ make: "Hyundai", model: "Creta", fuel: "Diesel" });
    expect(cascade(q2)).toMatchObject({
      make: "Hyundai",
      model: "Creta",
      year: undefined,
      fuel: undefined,
    });
  });
});
