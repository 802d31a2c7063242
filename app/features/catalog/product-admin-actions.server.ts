import type { AppLoadContext } from "react-router";
import { redirectWithFlash } from "~/lib/flash.server";
import { formValues, parseForm, requirePostedId } from "~/lib/forms";
import { failureFromError, formFailure, readForm } from "~/lib/http.server";
import type { SessionUser } from "~/lib/session.server";
import { withoutDialog } from "~/lib/url-dialogs";
import {
  assertModelFree,
  createProduct,
  deleteProduct,
  updateProduct,
} from "./product-admin.server";
import {
  productFormMessages as m,
  missingRequiredField,
  productFormSchema,
} from "./product-form.schema";
import { MAX_IMAGE_BYTES, storeProductImage } from "./product-images.server";

function uploadedFile(formData: FormData): File | null {
  const file = formData.get("image");
  return file instanceof File && file.size > 0 ? file : null;
}

/**
 * Add, edit or delete a product. The order is the spec's, made safe: image present (on add),
 * every field valid, and only then the image is stored and the row written.
 */
export async function handleProductAction(
  request: Request,
  context: AppLoadContext,
  admin: SessionUser,
) {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_IMAGE_BYTES + 1024 * 1024) {
    return formFailure(
      {},
      { image: "Image upload failed: the file is larger than 5 MB" },
      {
        formError: "Image upload failed: the file is larger than 5 MB",
      },
    );
  }
  const formData = await readForm(request);
  const values = formValues(formData);
  const back = withoutDialog(request.url);
  const done = (message: string) => redirectWithFlash(back, { type: "success", message });
  try {
    if (values.intent === "delete") {
      const productId = requirePostedId(values.productId, m.notFound);
      const outcome = await deleteProduct(context.db, admin.id, productId);
      return done(outcome === "deleted" ? m.deleted : m.deactivated);
    }
    if (values.intent !== "add" && values.intent !== "edit") {
      return formFailure(values, {}, { formError: "Unknown action" });
    }
    const editingId =
      values.intent === "edit" ? requirePostedId(values.productId, m.notFound) : undefined;
    const file = uploadedFile(formData);
    if (values.intent === "add" && !file) {
      return formFailure(values, { image: m.imageRequired }, { formError: m.imageRequired });
    }
    const parsed = parseForm(productFormSchema, values);
    if (!parsed.success) {
      return formFailure(values, parsed.fieldErrors, {
        formError: missingRequiredField(values) ? m.allRequired : undefined,
      });
    }
    await assertModelFree(context.db, parsed.data.model, editingId);
    const image = file ? await storeProductImage(context.uploadsDir, file) : undefined;
    if (editingId === undefined) {
      await createProduct(context.db, admin.id, parsed.data, image ?? "");
      return done(m.added);
    }
    await updateProduct(context.db, admin.id, editingId, parsed.data, image);
    return done(m.updated);
  } catch (error) {
    return failureFromError(error, values);
  }
}
