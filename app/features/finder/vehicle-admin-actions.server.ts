import type { AppLoadContext } from "react-router";
import { redirectWithFlash } from "~/lib/flash.server";
import { formValues, parseForm, requirePostedId } from "~/lib/forms";
import { failureFromError, formFailure, readForm } from "~/lib/http.server";
import type { SessionUser } from "~/lib/session.server";
import { withoutDialog } from "~/lib/url-dialogs";
import { deleteVehicle, saveVehicle } from "./vehicle-admin.server";
import { vehicleMessages as m, vehicleFormSchema } from "./vehicle-form.schema";

export async function handleVehicleAction(
  request: Request,
  context: AppLoadContext,
  admin: SessionUser,
) {
  const formData = await readForm(request);
  const values = formValues(formData);
  const done = (message: string) =>
    redirectWithFlash(withoutDialog(request.url), { type: "success", message });
  try {
    if (values.intent === "delete") {
      await deleteVehicle(context.db, admin.id, requirePostedId(values.vehicleId, m.notFound));
      return done(m.deleted);
    }
    if (values.intent !== "add" && values.intent !== "edit")
      return formFailure(values, {}, { formError: "Unknown action" });
    // An edit needs a valid id (null: add a new vehicle).
    const vehicleId =
      values.intent === "edit" ? requirePostedId(values.vehicleId, m.notFound) : null;
    const alternatives = formData
      .getAll("alternatives")
      .filter((v): v is string => typeof v === "string" && v !== "");
    const parsed = parseForm(vehicleFormSchema, { ...values, alternatives });
    if (!parsed.success) return formFailure(values, parsed.fieldErrors);
    await saveVehicle(context.db, admin.id, vehicleId, parsed.data);
    return done(vehicleId === null ? m.added : m.updated);
  } catch (error) {
    return failureFromError(error, values);
  }
}
