import { z } from "zod";
import type { OutletKind } from "~/db/schema/enums";
import { outletAdminMessages as m } from "~/features/outlets/outlet-admin.messages";
import {
  deleteOutlet,
  getAdminOutlet,
  listAdminOutlets,
  saveOutlet,
} from "~/features/outlets/outlet-admin.server";
import {
  allRequiredMissing,
  outletFormSchema,
  outletListSchema,
} from "~/features/outlets/outlet-form.schema";
import { NotFound } from "~/lib/errors";
import { type ActionArgs, formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { requireAdmin } from "~/lib/guards.server";
import { recordIdSchema } from "~/lib/record-id";
import { readListUrl } from "~/lib/url-dialogs";

/**
 * The loader and the action of the two outlet pages (`/admin/dealer`, `/admin/service`): one
 * page each kind, the same rules. Changes go through a redirect from an /admin address, which
 * empties the visitors' page cache and the kept public data (server/page-handler.ts), so the
 * public dealer and service pages never show a deleted or changed outlet.
 */
export function outletAdminLoader(kind: OutletKind) {
  return async ({ request, context }: Omit<ActionArgs, "params">) => {
    requireAdmin(request, context);
    const { values, adding, editId, closeHref } = readListUrl(request.url);
    const query = outletListSchema.parse(values);
    const [list, editing] = await Promise.all([
      listAdminOutlets(context.db, kind, query),
      editId ? getAdminOutlet(context.db, kind, editId) : null,
    ]);
    return { kind, query, list, editing, adding, closeHref };
  };
}

/** The outlet an edit or a delete is about. */
const outletIdSchema = z.object({ outletId: recordIdSchema });

/** Add, edit and delete one kind's outlets. */
export function outletAdminAction(kind: OutletKind) {
  return formAction({ guard: "admin" }, (intent) => {
    const invalidForm = (_errors: unknown, values: Record<string, string>) => ({
      formError: allRequiredMissing(values) ? m.allRequired : undefined,
    });
    return {
      add: intent({
        schema: outletFormSchema,
        invalid: invalidForm,
        async run({ data, actor, context }) {
          await saveOutlet(context.db, kind, { ...data, id: null }, actor);
        },
        success: m.added(kind),
      }),
      edit: intent({
        schema: outletFormSchema.and(outletIdSchema),
        check(values) {
          if (!recordIdSchema.safeParse(values.outletId).success)
            throw new NotFound(m.notFound(kind));
        },
        invalid: invalidForm,
        async run({ data, actor, context }) {
          await saveOutlet(context.db, kind, { ...data, id: data.outletId }, actor);
        },
        success: m.updated(kind),
      }),
      delete: intent({
        schema: outletIdSchema,
        invalid: notFoundIfInvalid(m.notFound(kind)),
        async run({ data, actor, context }) {
          const outcome = await deleteOutlet(context.db, kind, { id: data.outletId }, actor);
          return { message: outcome === "deleted" ? m.deleted(kind) : m.deactivated(kind) };
        },
      }),
    };
  });
}

export type OutletAdminLoaderData = Awaited<ReturnType<ReturnType<typeof outletAdminLoader>>>;
