import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-lock.server";

const freshDir = () => mkdtempSync(path.join(tmpdir(), "store-lock-"));

describe("acquireDataDirLock", () => {
  it("creates the lock and removes it on release", () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, "store.lock"))).toBe(true);
    release();
    expect(existsSync(path.join(dir, "store.lock"))).toBe(false);
  });

  it("refuses with a clear sentence while a live process holds it", () => {
    const dir = freshDir();
    // The parent of this test process is alive for the whole test.
    writeFileSync(path.join(dir, "store.lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another process.*DATABASE_URL/);
  });

  it("takes over a lock left by a process that has exited", () => {
    const dir = freshDir();
    const exited = spawnSync(process.execPath, ["-e", "process.pid"]).pid;
    writeFileSync(path.join(dir, "store.lock"), String(exited));
    const release = acquireDataDirLock(dir);
    release();
  });
});
