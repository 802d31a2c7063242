import type { AppLoadContext } from "react-router";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms";
import { failureFromError, formFailure } from "~/lib/http.server";
import type { SessionUser } from "~/lib/session.server";
import { withoutDialog } from "~/lib/url-dialogs";
import { accountMessages as m } from "./accounts.messages";
import {
  adminAddUserSchema,
  adminEditUserSchema,
  adminRoleSchema,
  adminUserIdSchema,
} from "./accounts.schema";
import { sendSetPasswordLink } from "./password.server";
import { createUserByAdmin, setUserBanned, updateUserByAdmin } from "./users.server";

/** Runs one admin action on users (add, edit, role, ban, unban) and answers like a form. */
export async function handleUserAction(
  request: Request,
  context: AppLoadContext,
  admin: SessionUser,
  values: Record<string, string>,
) {
  const back = withoutDialog(request.url);
  const done = (message: string) => redirectWithFlash(back, { type: "success", message });
  try {
    switch (values.intent) {
      case "add": {
        const parsed = parseForm(adminAddUserSchema, values);
        if (!parsed.success) return formFailure(values, parsed.fieldErrors);
        await createUserByAdmin(context.db, admin, parsed.data);
        await sendSetPasswordLink(context, parsed.data.email);
        return done(m.userAdded(parsed.data.email));
      }
      case "edit": {
        const parsed = parseForm(adminEditUserSchema, values);
        if (!parsed.success) return formFailure(values, parsed.fieldErrors);
        const { userId, ...changes } = parsed.data;
        await updateUserByAdmin(context.db, admin, userId, changes);
        return done(m.userUpdated);
      }
      case "role": {
        const parsed = parseForm(adminRoleSchema, values);
        if (!parsed.success) return formFailure(values, parsed.fieldErrors);
        await updateUserByAdmin(context.db, admin, parsed.data.userId, { role: parsed.data.role });
        return done(m.roleChanged);
      }
      case "ban":
      case "unban": {
        const parsed = parseForm(adminUserIdSchema, values);
        if (!parsed.success) return formFailure(values, parsed.fieldErrors);
        await setUserBanned(context.db, admin, parsed.data.userId, values.intent === "ban");
        return done(values.intent === "ban" ? m.userBanned : m.userUnbanned);
      }
      default:
        return formFailure(values, {}, { formError: "Unknown action" });
    }
  } catch (error) {
    return failureFromError(error, values);
  }
}
