import { Fragment } from "react";
import type { TaxDocument } from "~/features/gst/tax-document";
import {
  amountInWordsLine,
  computerGeneratedLine,
  demoBanner,
  documentFacts,
  documentTitle,
  partyHeadings,
  partyLines,
  paymentLine,
  placeOfSupplyLine,
  refersToLine,
  reverseChargeLine,
  signatoryFor,
  signatoryLabel,
  taxColumns,
  totalsLabel,
} from "~/features/gst/tax-document-format";

/** A cell of the lines table: roomy on screen, tight on paper (A4 portrait holds every column). */
const cell = "px-3 py-2 print:px-1 print:py-1";
/** A figure's cell: right-aligned digits, never broken over two lines. */
const figure = `${cell} text-right tabular-nums whitespace-nowrap`;

/**
 * A tax invoice or credit note as a printable page (ADR 033): the same words and figures as its
 * PDF (both come from tax-document-format.ts). Printing a page that shows it prints it alone
 * (`data-print-document`, app.css). On a phone its lines table scrolls sideways in its own box.
 *
 * `headingLevel` is the level of the document's title (2 by default, under the page's own h1;
 * 1 when the title is the page's heading).
 */
export function TaxDocumentView({
  document: doc,
  headingLevel = 2,
}: {
  document: TaxDocument;
  headingLevel?: 1 | 2;
}) {
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Sub = headingLevel === 1 ? "h2" : "h3";
  const title = documentTitle(doc.kind);
  const against = refersToLine(doc);
  const columns = taxColumns(doc.intraState);
  const titleId = `tax-document-${doc.kind}`;
  return (
    <article
      aria-labelledby={titleId}
      data-print-document=""
      data-testid="tax-document"
      className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 sm:p-8 print:rounded-none print:border-0 print:p-0 print:text-sm"
    >
      {doc.demo ? (
        <p
          className="mb-5 rounded-lg border-2 border-warning-700 bg-warning-50 px-4 py-2 text-center font-semibold text-warning-700"
          data-testid="tax-document-demo"
        >
          {demoBanner}
        </p>
      ) : null}

      <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 sm:flex-row sm:justify-between">
        <div>
          <Title id={titleId} className="text-2xl font-bold text-brand-800 sm:text-3xl">
            {title}
          </Title>
          {against ? <p className="mt-1 text-slate-700">{against}</p> : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm sm:text-right">
          {documentFacts(doc).map((fact) => (
            <Fragment key={fact.label}>
              <dt className="text-slate-600">{fact.label}</dt>
              <dd className="font-semibold">{fact.value}</dd>
            </Fragment>
          ))}
        </dl>
      </header>

      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        {(["seller", "buyer"] as const).map((role) => (
          <div key={role}>
            <Sub className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {partyHeadings[role]}
            </Sub>
            <address className="mt-1 text-sm not-italic text-slate-800">
              <span className="block text-base font-semibold text-slate-900">{doc[role].name}</span>
              {partyLines(doc[role], role).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
        ))}
      </div>
      <p className="mt-4 text-sm font-semibold">{placeOfSupplyLine(doc)}</p>

      <div className="table-scroll mt-5">
        <p
          className="table-scroll-hint text-right text-sm text-slate-600 print:hidden"
          aria-hidden="true"
        >
          Scroll for more →
        </p>
        <div className="relative">
          <section
            aria-label={`${title} lines`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable).
            tabIndex={0}
            className="table-scroll-region overflow-x-auto rounded-lg border border-slate-200 print:overflow-visible print:rounded-none print:border-0"
          >
            <table className="w-full min-w-[54rem] text-left text-sm print:min-w-0 print:text-[10px]">
              <caption className="sr-only">{`${title} ${doc.number}: lines, taxes and total`}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {columns.map((c) => (
                    <th
                      key={c.key}
                      scope="col"
                      className={`${c.numeric ? figure : cell} font-semibold`}
                    >
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {doc.lines.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an issued document's lines never change or move; their number is their place.
                  <tr key={i} data-testid="tax-document-line">
                    {columns.map((c) =>
                      c.key === "description" ? (
                        <th key={c.key} scope="row" className={`${cell} font-normal`}>
                          {c.cell(line, i)}
                        </th>
                      ) : (
                        <td key={c.key} className={c.numeric ? figure : cell}>
                          {c.cell(line, i)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-slate-300 font-semibold">
                <tr>
                  {columns.map((c) =>
                    c.key === "description" ? (
                      <th key={c.key} scope="row" className={cell}>
                        {totalsLabel}
                      </th>
                    ) : (
                      <td key={c.key} className={figure}>
                        {c.total?.(doc.totals) ?? ""}
                      </td>
                    ),
                  )}
                </tr>
              </tfoot>
            </table>
          </section>
          <div
            className="table-scroll-edge pointer-events-none absolute inset-y-0 right-0 w-10 rounded-r-lg bg-linear-to-l from-white to-transparent print:hidden"
            aria-hidden="true"
          />
        </div>
      </div>

      <div className="mt-5 space-y-1 text-sm text-slate-800">
        <p className="font-semibold text-slate-900">{amountInWordsLine(doc)}</p>
        <p>{paymentLine(doc)}</p>
        <p>{reverseChargeLine}</p>
      </div>

      <footer className="mt-8 flex flex-col-reverse gap-6 sm:flex-row sm:items-end sm:justify-between">
        <p className="text-sm text-slate-600">{computerGeneratedLine}</p>
        <div className="text-sm sm:text-right">
          <p className="font-semibold">{signatoryFor(doc)}</p>
          <p className="mt-8">{signatoryLabel}</p>
        </div>
      </footer>
    </article>
  );
}
