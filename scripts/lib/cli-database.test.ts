import { describe, expect, it } from "vitest";
import { isLocalDatabaseUrl } from "./cli-database";

describe("isLocalDatabaseUrl", () => {
  it.each([
    "postgres://postgres:pw@localhost:5432/store",
    "postgres://postgres:pw@127.0.0.1/store",
    "postgres://u@[::1]:5432/store",
    "postgresql:///store?host=/var/run/postgresql",
  ])("treats %s as local", (url) => {
    expect(isLocalDatabaseUrl(url)).toBe(true);
  });

  it.each(["postgres://u:p@db.example.com/store", "postgres://u:p@10.0.0.5/store"])(
    "treats %s as remote",
    (url) => {
      expect(isLocalDatabaseUrl(url)).toBe(false);
    },
  );
});
