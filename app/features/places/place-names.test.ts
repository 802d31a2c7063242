import { describe, expect, it } from "vitest";
import { cityNames, editDistance, nearNames } from "./place-names";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and swapped neighbours as one each", () => {
    expect(editDistance("ahmedbad", "ahmedabad")).toBe(1);
    expect(editDistance("pune", "puen")).toBe(1);
    expect(editDistance("surat", "surat")).toBe(0);
    expect(editDistance("", "goa")).toBe(3);
    expect(editDistance("kolkata", "calcutta")).toBeGreaterThan(2);
  });
});

describe("nearNames", () => {
  const names = ["Ahmedabad", "Ahmednagar", "Mumbai", "Mumbai Suburban", "ahmedabad ", "Pune"];

  it("gives the near names once each, nearest first, in any case", () => {
    expect(nearNames("AHMEDBAD", names)).toEqual(["Ahmedabad"]);
    expect(nearNames("mumbay", names)).toEqual(["Mumbai"]);
  });

  it("allows fewer slips in short words and none in very short ones", () => {
    expect(nearNames("pun", names)).toEqual([]);
    expect(nearNames("pone", names)).toEqual(["Pune"]);
    expect(nearNames("pooone", names)).toEqual([]);
  });

  it("never suggests what was typed itself", () => {
    expect(nearNames("Ahmedabad", names)).toEqual([]);
  });
});

describe("a city's names", () => {
  it("are the one typed and, for a renamed city, the other, in lower case", () => {
    expect(cityNames(" Bangalore ")).toEqual(["bangalore", "bengaluru"]);
    expect(cityNames("BENGALURU")).toEqual(["bengaluru", "bangalore"]);
    expect(cityNames("Ahmedabad")).toEqual(["ahmedabad"]);
  });
});
