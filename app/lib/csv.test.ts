import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvSyntaxError, csvCell, csvResponse, momentColumns, parseCsv, toCsv } from "./csv";

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
    // A negative amount written with its paise (a GST return's net figure) stays a number.
    expect(csvCell("-1234.50")).toBe("-1234.50");
    expect(csvCell("-1+1")).toBe("'-1+1");
    expect(csvCell("-2-3")).toBe("'-2-3");
    expect(csvCell("-1234.50\n")).toBe(`"'-1234.50\n"`);
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

describe("a moment in an export", () => {
  it("is written in UTC and in India's time, so a night order is on its Indian day", () => {
    const rows = [{ at: new Date("2026-11-27T21:03:00Z") }];
    expect(
      toCsv(
        momentColumns<(typeof rows)[number]>("Placed", (r) => r.at),
        rows,
      ),
    ).toBe('Placed (UTC),Placed (India)\r\n2026-11-27T21:03:00.000Z,"28 Nov 2026, 2:33 AM"\r\n');
  });
});

describe("CSV import", () => {
  it("reads cells, quoted cells with commas, quotes and line breaks, and their lines", () => {
    const text =
      '\uFEFFDate,Narration,Amount\r\n22/11/2026,"Rao, ""Asha""",1\r\n23/11/2026,"two\nlines",2\n\n24/11/2026,,3';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ["Date", "Narration", "Amount"] },
      { line: 2, cells: ["22/11/2026", 'Rao, "Asha"', "1"] },
      { line: 3, cells: ["23/11/2026", "two\nlines", "2"] },
      { line: 6, cells: ["24/11/2026", "", "3"] },
    ]);
  });

  it("reads CR line ends, a last line without an end, and another delimiter", () => {
    expect(parseCsv("a,b\rc,d")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["c", "d"] },
    ]);
    expect(parseCsv("a\tb\n1\t2\n", "\t")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["1", "2"] },
    ]);
  });

  it("reads back what toCsv writes", () => {
    const csv = toCsv(
      [
        { header: "Name", value: (r: { n: string }) => r.n },
        { header: "Note", value: () => "x" },
      ],
      [{ n: 'Rao, "Asha"\nKumari' }],
    );
    expect(parseCsv(csv).map((r) => r.cells)).toEqual([
      ["Name", "Note"],
      ['Rao, "Asha"\nKumari', "x"],
    ]);
  });

  it("keeps an empty quoted cell and gives nothing for empty text", () => {
    expect(parseCsv('""\n')).toEqual([{ line: 1, cells: [""] }]);
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv("\r\n\r\n")).toEqual([]);
  });

  it("keeps a quote inside an unquoted cell, drops spaces around cells, and names the line of a quote never closed", () => {
    expect(parseCsv('a, "b,c" ,d"e\n')).toEqual([{ line: 1, cells: ["a", "b,c", 'd"e'] }]);
    const unreadable = (() => {
      try {
        parseCsv('a,b\nc,"d\ne,f\n');
      } catch (error) {
        return error;
      }
    })();
    expect(unreadable).toBeInstanceOf(CsvSyntaxError);
    expect((unreadable as CsvSyntaxError).line).toBe(2);
  });

  it("counts a CRLF inside a quoted cell as one line, and skips lines of spaces only", () => {
    expect(parseCsv('a,"b\r\nc",d\r\ne\r\n   \r\n"f"')).toEqual([
      { line: 1, cells: ["a", "b\r\nc", "d"] },
      { line: 3, cells: ["e"] },
      { line: 5, cells: ["f"] },
    ]);
  });

  it("keeps spaces inside quotes and a tab cell when the tab separates cells", () => {
    expect(parseCsv('" a ", b \n')).toEqual([{ line: 1, cells: [" a ", "b"] }]);
    expect(parseCsv("a\t\tb\n", "\t")).toEqual([{ line: 1, cells: ["a", "", "b"] }]);
    expect(parseCsv("a;b,c\n", ";")).toEqual([{ line: 1, cells: ["a", "b,c"] }]);
  });

  it("names the line a record with text after its closing quote starts on", () => {
    const lineOf = (text: string) => {
      try {
        parseCsv(text);
      } catch (error) {
        return error instanceof CsvSyntaxError ? error.line : null;
      }
      return null;
    };
    expect(lineOf('a\n\n"b"c,d\n')).toBe(3);
    expect(lineOf('a\n"b\nc"\n"d" e\n')).toBe(4);
    expect(lineOf('"x" \n"y",z')).toBeNull();
  });

  it("reads back any rows toCsv writes, with their lines", () => {
    const cell = fc.string({
      unit: fc.constantFrom("a", "Z", "9", " ", ",", '"', "\n", "\r\n", "é", "₹"),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { maxLength: 6 }),
        (rows) => {
          // Spaces around an unquoted cell are dropped on reading: compare what a reader keeps.
          const columns = [0, 1, 2, 3].map((at) => ({
            header: `c${at}`,
            value: (row: string[]) => row[at] ?? null,
          }));
          const read = parseCsv(toCsv(columns, rows));
          const kept = (value: string) => (/[",\r\n]/.test(value) ? value : value.trim());
          expect(read.map((record) => record.cells)).toEqual([
            ["c0", "c1", "c2", "c3"],
            ...rows.map((row) => [0, 1, 2, 3].map((at) => kept(csvCellText(row[at])))),
          ]);
          let line = 1;
          expect(read.map((record) => record.line)).toEqual(
            [["c0"], ...rows].map((row) => {
              const at = line;
              line += 1 + row.join("").split(/\r\n|\n|\r/).length - 1;
              return at;
            }),
          );
        },
      ),
    );
  });
});

/** What toCsv writes for a cell, as text: a formula-like cell gets its quote mark. */
function csvCellText(value: string | undefined): string {
  if (value === undefined) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
