import { Printer } from "lucide-react";
import { Link } from "react-router";
import { TaxDocumentView } from "~/components/tax-document-view";
import { useHydrated } from "~/components/ui/use-hydrated";
import { documentHref } from "~/features/gst/document-links";
import { documentKindOf, orderDocument } from "~/features/gst/documents.server";
import { documentTitle } from "~/features/gst/tax-document-format";
import { orderNumberOf } from "~/features/orders/order-read.server";
import { requireUser } from "~/lib/guards.server";
import { orNotFound } from "~/lib/http.server";
import { pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { metaTranslate, pageMeta } from "~/root";
import type { Route } from "./+types/tax-document";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data
      ? `${metaTranslate(args.matches).t(documentTitle(args.data.document.kind))} ${args.data.document.number}`
      : msg("Invoice"),
    description: msg("A tax invoice or credit note of your order, to print or download."),
    noindex: true,
  });

/**
 * /account/orders/:number/invoice (and /credit-note): the document to read and print, with its
 * PDF. Its customer's own, or any for the back office; another's is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { id: _id, ...document } = await orNotFound(() =>
    orderDocument(
      context.db,
      { orderNumber: orderNumberOf(params), kind: documentKindOf(params.document) },
      { id: user.id, as: user.role === "admin" ? "admin" : "customer" },
    ),
  );
  return { document, i18n: pageMessages(request, ["account"]) };
}

/** The documents' names, translated on the page (the document itself stays English). */
msg("Tax invoice");
msg("Credit note");

export default function TaxDocumentPage({ loaderData }: Route.ComponentProps) {
  const t = useT("account");
  const { document } = loaderData;
  const english = t.locale === "en" ? undefined : "en";
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6 print:max-w-none print:p-0">
      <nav aria-label={t("Breadcrumb")} className="text-sm text-slate-600 print:hidden">
        <Link to={`/account/orders/${document.orderNumber}`} className="hover:underline">
          {t("Order #{number}", { number: document.orderNumber })}
        </Link>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h1 className="text-2xl font-bold text-slate-900">
          {t(documentTitle(document.kind))} {document.number}
        </h1>
        <div className="flex flex-wrap gap-2">
          <a
            href={documentHref(document.orderNumber, document.kind, true)}
            download
            className="btn-primary"
          >
            {document.kind === "invoice"
              ? t("Download invoice (PDF)")
              : t("Download credit note (PDF)")}
          </a>
          <PrintButton />
        </div>
      </div>
      {english ? (
        <p className="text-sm text-slate-700 print:hidden">
          {t("The tax invoice is written in English, as is its PDF.")}
        </p>
      ) : null}
      {/* The document itself is English on the page and in its PDF (the same words, ADR 033). */}
      <div lang={english}>
        <TaxDocumentView document={document} />
      </div>
    </div>
  );
}

/** "Print": the browser's print dialog (the page prints only the document). Without
 * JavaScript the browser's own Print does the same. */
function PrintButton() {
  const t = useT("account");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn-outline inline-flex items-center gap-2"
      onClick={() => window.print()}
    >
      <Printer aria-hidden="true" className="size-4" />
      {t("Print")}
    </button>
  );
}
