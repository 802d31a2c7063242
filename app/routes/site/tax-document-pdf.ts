import { documentKindOf, orderDocumentPdf } from "~/features/gst/documents.server";
import { orderNumberOf } from "~/features/orders/order-read.server";
import { requireUser } from "~/lib/guards.server";
import { orNotFound } from "~/lib/http.server";
import type { Route } from "./+types/tax-document-pdf";

/**
 * GET /account/orders/:number/invoice.pdf (and credit-note.pdf): the document's PDF, made once
 * and kept (ADR 033). Its customer's own, or any for the back office; another's is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const slug = new URL(request.url).pathname
    .split("/")
    .at(-1)
    ?.replace(/\.pdf$/, "");
  const { number, pdf } = await orNotFound(() =>
    orderDocumentPdf(
      context.db,
      { orderNumber: orderNumberOf(params), kind: documentKindOf(slug) },
      { id: user.id, as: user.role === "admin" ? "admin" : "customer" },
    ),
  );
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${number.replaceAll("/", "-")}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
