import { RouterContextProvider, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

function logged(error: unknown) {
  const logger = { error: vi.fn(), info: vi.fn(), warn: vi.fn(), debug: vi.fn() };
  const context = Object.assign(new RouterContextProvider(), { logger });
  const request = new Request("http://localhost:3000/allproduct", { method: "POST" });
  handleError(error, { request, context, params: {} } as never);
  return logger;
}

describe("the store's error log", () => {
  it("takes a visitor's refused request (a POST to a page without a form: 405) as no error", () => {
    // What React Router hands handleError for a POST to a route without an action.
    const logger = logged(new UNSAFE_ErrorResponseImpl(405, "Method Not Allowed", null));
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.info).toHaveBeenCalledWith(
      { status: 405, url: "http://localhost:3000/allproduct" },
      "request refused",
    );
  });

  it("logs what failed on the store's side as an error", () => {
    const failure = new Error("database went away");
    const logger = logged(failure);
    expect(logger.error).toHaveBeenCalledWith(
      { err: failure, url: "http://localhost:3000/allproduct" },
      "unhandled error in loader or action",
    );
  });
});
