import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, toCsv } from "./csv";

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('Rao, "Asha"')).toBe('"Rao, ""Asha"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
  });

  it("defuses text that a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+91 98")).toBe("'+91 98");
    expect(csvCell("@cmd")).toBe("'@cmd");
    // Numbers stay numbers, a negative one included.
    expect(csvCell(-5)).toBe("-5");
  });

  it("writes the headings and one line per row, CRLF-terminated", () => {
    const csv = toCsv(
      [
        { header: "Model", value: (r: { m: string; p: number }) => r.m },
        { header: "Price", value: (r) => r.p },
      ],
      [
        { m: "A1", p: 100 },
        { m: "B,2", p: 200 },
      ],
    );
    expect(csv).toBe('Model,Price\r\nA1,100\r\n"B,2",200\r\n');
  });

  it("is a private download with a byte-order mark for spreadsheet programs", async () => {
    const res = csvResponse("products.csv", "a\r\n");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="products.csv"');
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = [...new Uint8Array(await res.arrayBuffer())];
    expect(bytes).toEqual([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a]);
  });
});
