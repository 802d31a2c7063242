import { type AppLoadContext, data } from "react-router";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm, requirePostedId } from "~/lib/forms";
import { requireAdmin, requireUser } from "~/lib/guards.server";
import { failureFromError, formFailure } from "~/lib/http.server";
import { catalogMessages, reviewSchema } from "./catalog.schema";
import { findProduct } from "./catalog.server";
import { productHref } from "./product-image";
import { deleteReview, saveReview } from "./reviews.server";

/** The product page's actions: a customer's review (create or edit) and staff removing one. */
export async function productPageAction(
  request: Request,
  context: AppLoadContext,
  key: string,
  values: Record<string, string>,
) {
  const product = await findProduct(context.db, key);
  if (!product) throw data(null, { status: 404 });
  const back = `${productHref(product.model)}#reviews`;
  try {
    if (values.intent === "delete-review") {
      const admin = await requireAdmin(request, context);
      const reviewId = requirePostedId(values.reviewId, catalogMessages.reviewNotFound);
      await deleteReview(context.db, admin.id, product.id, reviewId);
      return redirectWithFlash(back, { type: "success", message: catalogMessages.reviewDeleted });
    }
    if (values.intent === "review") {
      const user = await requireUser(request, context);
      const parsed = parseForm(reviewSchema, values);
      if (!parsed.success) return formFailure(values, parsed.fieldErrors);
      await saveReview(context.db, user.id, product.id, parsed.data);
      return redirectWithFlash(back, { type: "success", message: catalogMessages.reviewSaved });
    }
  } catch (error) {
    return failureFromError(error, values);
  }
  return formFailure(values, {}, { formError: "Unknown action" });
}
