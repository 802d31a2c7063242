import type { AppLoadContext } from "react-router";
import { NotFound } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { formValues, parseForm, postedId } from "~/lib/forms";
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
    const vehicleId = postedId(values.vehicleId);
    if ((values.intent === "delete" || values.intent === "edit") && vehicleId === null) {
      throw new NotFound(m.notFound);
    }
    if (values.intent === "delete") {
      await deleteVehicle(context.db, admin.id, vehicleId as number);
      return done(m.deleted);
    }
    if (values.intent !== "add" && values.intent !== "edit")
      return formFailure(values, {}, { formError: "Unknown action" });
    const alternatives = formData
      .getAll("alternatives")
      .filter((v): v is string => typeof v === "string" && v !== "");
    const parsed = parseForm(vehicleFormSchema, { ...values, alternatives });
    if (!parsed.success) return formFailure(values, parsed.fieldErrors);
    if (values.intent === "add") {
      await saveVehicle(context.db, admin.id, null, parsed.data);
      return done(m.added);
    }
    await saveVehicle(context.db, admin.id, vehicleId as number, parsed.data);
    return done(m.updated);
  } catch (error) {
    return failureFromError(error, values);
  }
}
