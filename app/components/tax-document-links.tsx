import { FileText } from "lucide-react";
import { Link } from "react-router";
import { OrderPanel } from "~/components/order-parts";
import type { TaxDocumentKind } from "~/db/schema/enums";
import { documentHref } from "~/features/gst/document-links";
import { documentTitle } from "~/features/gst/tax-document-format";
import { useT } from "~/lib/i18n/react";
import { formatDay } from "~/lib/india-time";

/** An order's invoice or credit note, as its pages link it. */
export type TaxDocumentLink = {
  kind: TaxDocumentKind;
  number: string;
  issuedOn: string;
  demo: boolean;
};

/**
 * An order's tax documents (issue 24): each with its number and date, a link to the printable
 * page and "Download … (PDF)". `children` says what is missing, or offers to issue it.
 */
export function TaxDocumentLinks({
  orderNumber,
  documents,
  children,
}: {
  orderNumber: number;
  documents: readonly TaxDocumentLink[];
  children?: React.ReactNode;
}) {
  const t = useT("account");
  if (documents.length === 0 && !children) return null;
  return (
    <OrderPanel id="order-tax-documents" title={t("Invoice")}>
      <ul className="mt-2 space-y-3">
        {documents.map((document) => (
          <li key={document.number} className="text-sm text-slate-700">
            <p className="flex items-start gap-2 font-medium text-slate-900">
              <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <span>
                {t(documentTitle(document.kind))} {document.number}{" "}
                <span className="font-normal text-slate-600">
                  {t("of {date}", { date: formatDay(document.issuedOn, t.locale) })}
                </span>
              </span>
            </p>
            {document.demo ? (
              <p className="mt-1 text-warning-700">{t("Demo store: not a tax invoice.")}</p>
            ) : null}
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              <Link
                to={documentHref(orderNumber, document.kind)}
                className="text-brand-700 underline underline-offset-2"
              >
                {t("View and print")}
              </Link>
              <a
                href={documentHref(orderNumber, document.kind, true)}
                download
                className="text-brand-700 underline underline-offset-2"
              >
                {document.kind === "invoice"
                  ? t("Download invoice (PDF)")
                  : t("Download credit note (PDF)")}
              </a>
            </p>
          </li>
        ))}
      </ul>
      {children}
    </OrderPanel>
  );
}
