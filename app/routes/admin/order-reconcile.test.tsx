import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { StatementPreview } from "~/features/orders/statement-match.server";
import OrderReconcile from "./order-reconcile";

const order = (number: number, totalPaise: number) => ({
  number,
  customerName: `Customer ${number}`,
  totalPaise,
  reference: `UC${String(number).padStart(20, "0")}`,
  utr: null,
  createdAt: new Date("2026-11-22T10:00:00+05:30"),
});

const credit = (line: number, amountPaise: number, narration = "UPI/434512345678/Payment") => ({
  line,
  date: "2026-11-22",
  amountPaise,
  reference: `4345123456${String(line).padStart(2, "0")}`,
  lineId: null,
  narration,
});

const preview: StatementPreview = {
  columns: {
    date: "Date",
    amount: "Deposit Amt.",
    reference: "Chq./Ref.No.",
    narration: "Narration",
  },
  problems: [{ line: 9, message: "“31/02/26” is not a date" }],
  creditCount: 3,
  pendingCount: 4,
  matches: [
    { credit: credit(7, 245_000), order: order(10001, 245_000), by: "utr", weak: false },
    { credit: credit(8, 99_900), order: order(10002, 99_900), by: "amount", weak: true },
  ],
  conflicts: [],
  unmatched: [{ credit: credit(10, 500_000), reason: "No pending order has this UTR" }],
};

/** The page as the server renders it (no JavaScript yet), after the given action answer. */
function render(actionData: unknown) {
  const Stub = createRoutesStub([
    {
      id: "routes/admin/order-reconcile",
      path: "/admin/order/reconcile",
      Component: OrderReconcile as never,
      loader: () => null,
      action: () => null,
    },
  ]);
  // React's text separators ("<!-- -->") are not what a reader sees.
  return renderToString(
    <Stub
      initialEntries={["/admin/order/reconcile"]}
      hydrationData={{
        loaderData: { "routes/admin/order-reconcile": { pendingCount: 4 } },
        actionData: { "routes/admin/order-reconcile": actionData },
      }}
    />,
  ).replaceAll("<!-- -->", "");
}

/** The `<tr>` of the table row that links to this order. */
const rowOf = (html: string, number: number) =>
  html
    .split("<tr")
    .map((row) => row.split("</tr>")[0] ?? "")
    .find((row) => row.includes(`/admin/order/${number}"`)) ?? "";

/** The card of the n-th credit that names two orders. */
const conflictOf = (html: string, n: number) =>
  html.split('data-testid="conflict-row"')[n + 1]?.split("</li>")[0] ?? "";

/** The radio buttons of a row: each with its label's text. */
const radiosOf = (row: string) =>
  [...row.matchAll(/<label[^>]*><input ([^>]*)\/>([^<]*)<\/label>/g)].map(
    ([, attrs = "", text]) => ({
      name: /name="([^"]*)"/.exec(attrs)?.[1],
      value: /value="([^"]*)"/.exec(attrs)?.[1],
      text,
      checked: attrs.includes('checked=""'),
      disabled: attrs.includes('disabled=""'),
    }),
  );

describe("the payment reconciliation page", () => {
  it("offers the upload with its label and the accepted columns", () => {
    const html = render(undefined);
    expect(html).toContain('<label for="statement-file"');
    expect(html).toContain('name="statement"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain("Chq./Ref.No.");
    expect(html).toContain("Deposit Amt.");
    expect(html).not.toContain("Mark the ticked orders paid");
  });

  it("shows the preview: strong matches ticked, weak ones flagged and unticked, rows carried along", () => {
    const html = render({ ok: true, intent: "preview", result: { preview } });
    const strong = rowOf(html, 10001);
    const weak = rowOf(html, 10002);
    expect(strong).toContain('checked=""');
    expect(strong).toContain("Mark order #10001 paid");
    expect(strong).toContain("₹2,450");
    expect(strong).toContain("22 Nov 2026");
    expect(weak).not.toContain('checked=""');
    expect(weak).toContain("Amount and day only — check before confirming");
    expect(html).toContain('name="row-0"');
    expect(html).toContain("&quot;by&quot;:&quot;amount&quot;");
    // Without JavaScript the button cannot count the ticks.
    expect(html).toContain("Mark the ticked orders paid");
    expect(html).toContain("No pending order has this UTR");
    expect(html).toContain("Line 9: “31/02/26” is not a date");
    expect(html).toContain('<th scope="col"');
  });

  it("shows a credit naming two orders unticked, with both orders, why, and a choice of the two", () => {
    const html = render({
      ok: true,
      intent: "preview",
      result: {
        preview: {
          ...preview,
          matches: [],
          conflicts: [
            {
              credit: { ...credit(11, 245_000), lineId: "S12345678" },
              utrOrder: { ...order(10003, 245_000), utr: "434512345611" },
              referenceOrder: order(10004, 245_000),
              reason: "The UTR is on order #10003 but the narration names order #10004's payment",
            },
            {
              credit: credit(12, 99_900),
              utrOrder: order(10005, 99_900),
              referenceOrder: order(10006, 120_000),
              reason: "The UTR is on order #10005 but the narration names order #10006's payment",
            },
          ],
        },
      },
    });
    const conflict = conflictOf(html, 0);
    expect(conflict).toContain(
      "The UTR is on order #10003 but the narration names order #10004&#x27;s payment",
    );
    expect(conflict).toContain('href="/admin/order/10004"');
    expect(conflict).toContain("bank line id S12345678");
    expect(conflict).toContain("Mark the credit of ₹2,450 on line 11 paid for");
    // Neither order is chosen ("Neither" is); an order whose total is not the credit's
    // amount cannot be chosen.
    expect(radiosOf(conflict)).toEqual([
      { name: "choose-0", value: "", text: "Neither", checked: true, disabled: false },
      { name: "choose-0", value: "10003", text: "Order #10003", checked: false, disabled: false },
      { name: "choose-0", value: "10004", text: "Order #10004", checked: false, disabled: false },
    ]);
    expect(conflict).toContain('name="conflict-0"');
    expect(conflict).toContain("&quot;utrOrder&quot;:10003,&quot;referenceOrder&quot;:10004");
    expect(radiosOf(conflictOf(html, 1)).slice(1)).toEqual([
      { name: "choose-1", value: "10005", text: "Order #10005", checked: false, disabled: false },
      {
        name: "choose-1",
        value: "10006",
        text: "Order #10006 (not this amount)",
        checked: false,
        disabled: true,
      },
    ]);
    expect(html).toContain("0 matched, 2 naming two orders.");
    expect(html).toContain("Mark the ticked orders paid");
  });

  it("shows the confirmation's results", () => {
    const html = render({
      ok: true,
      intent: "confirm",
      message: "1 order marked paid; 1 refused (see why below)",
      result: {
        outcome: {
          marked: [{ order: 10001, reference: "434512345607", amountPaise: 245_000, by: "utr" }],
          refused: [{ order: 10002, reference: "434512345608", reason: "The order is paid now" }],
        },
      },
    });
    expect(html).toContain("1 order marked paid; 1 refused");
    expect(html).toContain("Order #10001");
    expect(html).toContain("matched by UTR");
    expect(html).toContain("The order is paid now");
  });

  it("shows a refused file next to its field", () => {
    const html = render({
      ok: false,
      fieldErrors: { statement: "The file is over 1 MB" },
      formError: "The file is over 1 MB",
      values: { intent: "preview" },
    });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(/id="statement-error"[^>]*>The file is over 1 MB/);
  });
});
