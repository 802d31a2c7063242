import { Download, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form } from "react-router";
import { TableScrollBox } from "~/components/admin/admin-list";
import { Field } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { gstr1Messages as m, monthLabel } from "~/features/gst/gstr1.messages";
import { type Gstr1Section, gstr1MonthSchema } from "~/features/gst/gstr1.schema";
import type {
  B2bRow,
  B2clRow,
  B2csRow,
  CreditNoteRow,
  DocumentSection,
  Gstr1Figures,
  HsnRow,
  SectionTotals,
  TaxAmounts,
} from "~/features/gst/gstr1.server";
import { gstr1Figures } from "~/features/gst/gstr1.server";
import { formatDate } from "~/lib/format";
import { parseForm } from "~/lib/forms";
import { requireAdmin } from "~/lib/guards.server";
import { indiaDayOf } from "~/lib/india-time";
import { formatPaise } from "~/lib/money";
import { pageTitle } from "~/root";
import type { Route } from "./+types/gst";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "GST returns · Admin") },
];

/**
 * The month's GSTR-1 figures for the accountant (issue 24): a GET form for the month (this
 * month in India when none is asked), a 400 with the error next to the field for one that is
 * not a month.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const typed = new URL(request.url).searchParams.get("month");
  const month = typed ?? indiaDayOf(new Date()).slice(0, 7);
  const parsed = parseForm(gstr1MonthSchema, { month });
  if (!parsed.success) {
    return data(
      { month, error: parsed.fieldErrors.month ?? m.monthShape, figures: null },
      { status: 400 },
    );
  }
  const figures = await gstr1Figures(context.db, { month: parsed.data.month });
  return { month: parsed.data.month, error: null, figures };
}

const exportHref = (month: string, section: Gstr1Section) =>
  `/admin/gst/export?month=${month}&section=${section}`;

/** "26 Nov 2026" for a day of India's calendar. */
const dayText = (day: string) => (day ? formatDate(new Date(`${day}T12:00:00+05:30`)) : "—");
const rateText = (basisPoints: number) => `${basisPoints / 100}%`;

/** One column of a figures table: its heading and how a row shows in it. */
type Column<Row> = { header: string; cell: (row: Row) => ReactNode; amount?: boolean };

/** The four amounts every table ends with. */
function amountColumns<Row extends TaxAmounts>(): Column<Row>[] {
  return [
    { header: "Taxable value", cell: (row) => formatPaise(row.taxablePaise), amount: true },
    { header: "IGST", cell: (row) => formatPaise(row.igstPaise), amount: true },
    { header: "CGST", cell: (row) => formatPaise(row.cgstPaise), amount: true },
    { header: "SGST", cell: (row) => formatPaise(row.sgstPaise), amount: true },
  ];
}

const rateColumn = <Row extends { rateBasisPoints: number }>(): Column<Row> => ({
  header: "Rate",
  cell: (row) => rateText(row.rateBasisPoints),
  amount: true,
});

/**
 * A table of figures with its caption; the first column heads each row. It scrolls sideways in
 * its own box, a keyboard-focusable region named by the caption (a phone's width); the caption
 * is shown above that box, so it stays in view while the table scrolls.
 */
function FiguresTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  footer?: ReactNode;
}) {
  const [first, ...rest] = columns;
  if (!first) return null;
  const align = (column: Column<Row>) => (column.amount ? "text-right" : "text-left");
  return (
    <div className="table-scroll mt-3">
      <TableScrollBox
        label={caption}
        above={
          // The caption as sighted people see it (screen readers read the table's own), and
          // while the table is wider than its box, a hint that it scrolls.
          <div
            className="flex flex-wrap items-baseline justify-between gap-x-3 px-4 pt-3 text-sm"
            aria-hidden="true"
          >
            <p className="font-semibold text-slate-900">{caption}</p>
            <p className="table-scroll-hint text-slate-600">Scroll for more →</p>
          </div>
        }
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`px-4 py-3 font-semibold whitespace-nowrap ${align(column)}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                <th
                  scope="row"
                  className={`px-4 py-3 font-medium whitespace-nowrap text-slate-900 ${align(first)}`}
                >
                  {first.cell(row)}
                </th>
                {rest.map((column) => (
                  <td
                    key={column.header}
                    className={`px-4 py-3 whitespace-nowrap ${align(column)}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer}
        </table>
      </TableScrollBox>
    </div>
  );
}

/** A section's CSV: "Download CSV" (or `label`) to the eye, which section to a screen reader. */
function DownloadLink({
  month,
  section,
  what,
  label = "Download CSV",
}: {
  month: string;
  section: Gstr1Section;
  what: string;
  label?: string;
}) {
  return (
    <a href={exportHref(month, section)} className="btn-outline" download>
      <Download className="size-4" aria-hidden="true" />
      {label}
      <span className="sr-only"> of {what}</span>
    </a>
  );
}

/** A return table's part of the page: heading, what it holds, its downloads and its table. */
function Part({
  id,
  title,
  about,
  downloads,
  children,
}: {
  id: string;
  title: string;
  about: ReactNode;
  downloads?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8" data-testid={`gst-${id}`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-3xl">
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{about}</p>
        </div>
        {downloads ? <div className="flex flex-wrap gap-2">{downloads}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** A return table's part with one table and its CSV (none: a line saying so, no download). */
function TablePart<Row>({
  id,
  title,
  about,
  month,
  what,
  none,
  ...table
}: {
  id: Gstr1Section;
  title: string;
  about: string;
  month: string;
  /** What the CSV holds, for screen readers ("B2B invoices"). */
  what: string;
  /** What there is none of ("invoices to registered buyers"). */
  none: string;
} & Parameters<typeof FiguresTable<Row>>[0]) {
  const any = table.rows.length > 0;
  return (
    <Part
      id={id}
      title={title}
      about={about}
      downloads={any ? <DownloadLink month={month} section={id} what={what} /> : null}
    >
      {any ? <FiguresTable {...table} /> : <NoneThisMonth what={none} />}
    </Part>
  );
}

function NoneThisMonth({ what }: { what: string }) {
  return (
    <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
      No {what} this month.
    </p>
  );
}

const sectionNames: Record<DocumentSection, string> = {
  b2b: "B2B invoices (4A)",
  b2cl: "B2C large (5)",
  b2cs: "B2C small (7), net of their credit notes",
  cdnr: "Credit notes, registered (9B CDNR)",
  cdnur: "Credit notes, unregistered (9B CDNUR)",
};

const reportedInNames: Record<CreditNoteRow["reportedIn"], string> = {
  cdnr: "9B CDNR",
  cdnur: "9B CDNUR",
  b2cs: "7 B2CS (netted)",
};

type SummaryRow = SectionTotals & { name: string };

function Summary({ figures }: { figures: Gstr1Figures }) {
  const rows: SummaryRow[] = (Object.keys(sectionNames) as DocumentSection[]).map((section) => ({
    name: sectionNames[section],
    ...figures.totals[section],
  }));
  const columns: Column<SummaryRow>[] = [
    { header: "Return table", cell: (row) => row.name },
    { header: "Documents", cell: (row) => row.documents, amount: true },
    { header: "Value", cell: (row) => formatPaise(row.valuePaise), amount: true },
    ...amountColumns<SummaryRow>(),
  ];
  const net = figures.net;
  return (
    <FiguresTable
      caption={`Totals for ${monthLabel(figures.month)}`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.name}
      footer={
        <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold text-slate-900">
          <tr data-testid="gst-net">
            <th scope="row" className="px-4 py-3 text-left">
              Net for the month (invoices less credit notes)
            </th>
            {[
              String(net.documents),
              formatPaise(net.valuePaise),
              formatPaise(net.taxablePaise),
              formatPaise(net.igstPaise),
              formatPaise(net.cgstPaise),
              formatPaise(net.sgstPaise),
            ].map((text, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of six cells
              <td key={index} className="px-4 py-3 text-right whitespace-nowrap">
                {text}
              </td>
            ))}
          </tr>
        </tfoot>
      }
    />
  );
}

/** An invoice's columns (B2B and B2C large): who the buyer is, for B2B, in `buyer` and `after`. */
function invoiceColumns<Row extends B2clRow>(
  buyer: Column<Row>[] = [],
  after: Column<Row>[] = [],
): Column<Row>[] {
  return [
    { header: "Invoice", cell: (row) => row.invoiceNumber },
    { header: "Date", cell: (row) => dayText(row.invoiceDate) },
    ...buyer,
    { header: "Place of supply", cell: (row) => row.placeOfSupply },
    ...after,
    { header: "Invoice value", cell: (row) => formatPaise(row.invoiceValuePaise), amount: true },
    rateColumn(),
    ...amountColumns<Row>(),
  ];
}

const b2bColumns = invoiceColumns<B2bRow>(
  [
    { header: "GSTIN", cell: (row) => <span className="font-mono">{row.gstin}</span> },
    { header: "Receiver", cell: (row) => row.receiverName },
  ],
  [{ header: "Reverse charge", cell: (row) => row.reverseCharge }],
);

const b2clColumns = invoiceColumns<B2clRow>();

const b2csColumns: Column<B2csRow>[] = [
  { header: "Place of supply", cell: (row) => row.placeOfSupply },
  { header: "Type", cell: (row) => row.type },
  rateColumn(),
  ...amountColumns<B2csRow>(),
];

const noteColumns: Column<CreditNoteRow>[] = [
  { header: "Credit note", cell: (row) => row.noteNumber },
  { header: "Date", cell: (row) => dayText(row.noteDate) },
  {
    header: "Against invoice",
    cell: (row) => `${row.invoiceNumber} of ${dayText(row.invoiceDate)}`,
  },
  { header: "Return table", cell: (row) => reportedInNames[row.reportedIn] },
  {
    header: "GSTIN",
    cell: (row) => (row.gstin ? <span className="font-mono">{row.gstin}</span> : "Unregistered"),
  },
  { header: "Receiver", cell: (row) => row.receiverName },
  { header: "Place of supply", cell: (row) => row.placeOfSupply },
  { header: "Note type", cell: (row) => row.noteType },
  { header: "Note value", cell: (row) => formatPaise(row.noteValuePaise), amount: true },
  rateColumn(),
  ...amountColumns<CreditNoteRow>(),
];

const hsnColumns: Column<HsnRow>[] = [
  { header: "HSN", cell: (row) => <span className="font-mono">{row.hsn}</span> },
  { header: "UQC", cell: (row) => row.uqc },
  { header: "Quantity", cell: (row) => row.quantity, amount: true },
  { header: "Total value", cell: (row) => formatPaise(row.totalValuePaise), amount: true },
  rateColumn(),
  ...amountColumns<HsnRow>(),
];

const rowKeyOf = (...parts: (string | number)[]) => parts.join("|");

function Figures({ figures }: { figures: Gstr1Figures }) {
  const { month } = figures;
  const label = monthLabel(month);
  if (figures.documents === 0) {
    return (
      <p
        className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600"
        data-testid="gst-empty"
      >
        {m.nothingIssued(month)}.
      </p>
    );
  }
  const cdnr = figures.creditNotes.filter((row) => row.reportedIn === "cdnr");
  const cdnur = figures.creditNotes.filter((row) => row.reportedIn === "cdnur");
  return (
    <>
      {figures.demoDocuments > 0 ? (
        <p
          role="status"
          data-testid="gst-demo"
          className="mt-6 flex gap-2 rounded-lg border border-warning-700/30 bg-warning-50 px-4 py-3 text-sm font-medium text-warning-700"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{m.demoDocuments(figures.demoDocuments)}</span>
        </p>
      ) : null}
      <section aria-labelledby="gst-totals" className="mt-6">
        <h2 id="gst-totals" className="text-lg font-semibold text-slate-900">
          {label}: {figures.documents === 1 ? "1 document" : `${figures.documents} documents`}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Credit notes are shown as the return writes them, as positive amounts; the month's net
          takes them off. B2C small is already net of the credit notes against its invoices.
        </p>
        <Summary figures={figures} />
      </section>

      <TablePart
        id="b2b"
        title="B2B invoices (Table 4A)"
        about="Invoices to buyers registered for GST, one row per invoice and rate; the invoice value is the whole invoice's."
        month={month}
        what="B2B invoices"
        none="invoices to registered buyers"
        caption={`B2B invoices, ${label}`}
        columns={b2bColumns}
        rows={figures.b2b}
        rowKey={(row) => rowKeyOf(row.invoiceNumber, row.rateBasisPoints)}
      />
      <TablePart
        id="b2cl"
        title="B2C large (Table 5)"
        about="Invoices to consumers in another state worth more than ₹1,00,000 (the limit since 1 August 2024), one row per invoice and rate."
        month={month}
        what="B2C large invoices"
        none="large invoices to consumers in other states"
        caption={`B2C large invoices, ${label}`}
        columns={b2clColumns}
        rows={figures.b2cl}
        rowKey={(row) => rowKeyOf(row.invoiceNumber, row.rateBasisPoints)}
      />
      <TablePart
        id="b2cs"
        title="B2C small (Table 7)"
        about="Every other invoice to a consumer, summed by place of supply and rate, net of the month's credit notes against them (type OE: not through an e-commerce operator)."
        month={month}
        what="B2C small figures"
        none="other invoices to consumers"
        caption={`B2C small by place of supply and rate, ${label}`}
        columns={b2csColumns}
        rows={figures.b2cs}
        rowKey={(row) => rowKeyOf(row.placeOfSupply, row.rateBasisPoints)}
      />

      <Part
        id="cdn"
        title="Credit notes (Table 9B)"
        about="Every credit note of the month, with the invoice it undoes. Those to registered buyers go in CDNR, those against B2C large invoices in CDNUR; the others are netted in B2C small."
        downloads={
          <>
            {cdnr.length > 0 ? (
              <DownloadLink
                month={month}
                section="cdnr"
                label="Download CDNR CSV"
                what="credit notes to registered buyers"
              />
            ) : null}
            {cdnur.length > 0 ? (
              <DownloadLink
                month={month}
                section="cdnur"
                label="Download CDNUR CSV"
                what="credit notes to unregistered buyers"
              />
            ) : null}
          </>
        }
      >
        {figures.creditNotes.length > 0 ? (
          <FiguresTable
            caption={`Credit notes, ${label}`}
            columns={noteColumns}
            rows={figures.creditNotes}
            rowKey={(row) => rowKeyOf(row.noteNumber, row.rateBasisPoints)}
          />
        ) : (
          <NoneThisMonth what="credit notes" />
        )}
      </Part>

      <Part
        id="hsn"
        title="HSN summary (Table 12)"
        about="Per HSN code and rate, net of the month's credit notes, in the return's B2B and B2C tabs. Quantities count batteries; delivery adds value under its batteries' code but no quantity."
        downloads={
          <>
            {figures.hsnB2b.length > 0 ? (
              <DownloadLink
                month={month}
                section="hsn-b2b"
                label="Download B2B tab CSV"
                what="the HSN summary"
              />
            ) : null}
            {figures.hsnB2c.length > 0 ? (
              <DownloadLink
                month={month}
                section="hsn-b2c"
                label="Download B2C tab CSV"
                what="the HSN summary"
              />
            ) : null}
          </>
        }
      >
        {(
          [
            ["B2B", figures.hsnB2b, "registered buyers"],
            ["B2C", figures.hsnB2c, "consumers"],
          ] as const
        ).map(([tab, rows, whose]) =>
          rows.length > 0 ? (
            <FiguresTable
              key={tab}
              caption={`HSN summary, ${tab} tab (${whose}), ${label}`}
              columns={hsnColumns}
              rows={rows}
              rowKey={(row) => rowKeyOf(row.hsn, row.rateBasisPoints)}
            />
          ) : (
            <NoneThisMonth key={tab} what={`documents to ${whose} (HSN ${tab} tab)`} />
          ),
        )}
      </Part>
    </>
  );
}

export default function GstReturns({ loaderData }: Route.ComponentProps) {
  const { month, error, figures } = loaderData;
  const form = useValidatedForm(
    gstr1MonthSchema,
    error ? { ok: false, fieldErrors: { month: error }, values: { month } } : undefined,
  );
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">GST returns</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        The month's GSTR-1 figures, from the tax invoices and credit notes issued in it (India's
        calendar). Each section downloads as the CSV the GST offline tool imports.
      </p>
      <Form
        method="get"
        noValidate
        onSubmit={form.onSubmit}
        className="mt-5 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <Field
          key={month}
          label="Month"
          name="month"
          type="month"
          min="2017-07"
          max="2099-12"
          defaultValue={form.value("month", month)}
          error={form.errors.month}
          placeholder="YYYY-MM"
          className="w-full max-w-xs"
        />
        <button type="submit" className="btn-primary">
          Show figures
        </button>
      </Form>
      {figures ? <Figures figures={figures} /> : null}
    </div>
  );
}
