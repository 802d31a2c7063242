import { describe, expect, it } from "vitest";
import { createLoggingNotifier } from "./notifier.server";

describe("the notifier without a provider", () => {
  it("logs each text with the number's last four digits only", async () => {
    const lines: string[] = [];
    const notifier = createLoggingNotifier((line) => lines.push(line));
    await notifier.send({
      channel: "whatsapp",
      to: "9876543210",
      text: "Claim WC-ABCD2345 approved",
    });
    expect(lines).toEqual([
      "whatsapp to ******3210 (no provider configured): Claim WC-ABCD2345 approved",
    ]);
    expect(lines[0]).not.toContain("98765");
  });
});
