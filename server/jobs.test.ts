import { afterEach, describe, expect, it, vi } from "vitest";
import { type Job, startJobs } from "./jobs";

const quiet = { error: vi.fn(), info: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  quiet.error.mockReset();
});

function counting(everyMs: number, more: () => boolean = () => false) {
  const job = { name: "count", everyMs, runs: 0, run: async () => false } as Job & { runs: number };
  job.run = async () => {
    job.runs += 1;
    return more();
  };
  return job;
}

describe("the store's background jobs", () => {
  it("run every interval, and at once again while they have more to do", async () => {
    vi.useFakeTimers();
    let batches = 3;
    const job = counting(1_000, () => --batches > 0);
    const jobs = startJobs([job], quiet);
    expect(job.runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    // Three full batches back to back, then the pause again.
    expect(job.runs).toBe(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(job.runs).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(4);
    await jobs.stop();
  });

  it("run at once when nudged, and once more after a run a nudge came during", async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const job = counting(60_000);
    const slow = job.run;
    job.run = async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return slow();
    };
    const jobs = startJobs([job], quiet);
    jobs.nudge("count");
    await vi.advanceTimersByTimeAsync(0);
    jobs.nudge("count"); // while the first run waits: it runs again after it
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.runs).toBe(2);
    await jobs.stop();
  });

  it("log a failed run and carry on; stop waits for the run under way and runs nothing more", async () => {
    vi.useFakeTimers();
    let fail = true;
    const job = counting(1_000);
    const counted = job.run;
    job.run = async () => {
      await counted();
      if (fail) throw new Error("database went away");
      return false;
    };
    const jobs = startJobs([job], quiet);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(quiet.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: "count" }),
      "background job failed",
    );
    fail = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.runs).toBe(2);
    await jobs.stop();
    jobs.nudge("count");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(job.runs).toBe(2);
  });
});
