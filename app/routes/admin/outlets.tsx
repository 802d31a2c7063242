import { z } from "zod";
import { OutletAdminPage } from "~/components/admin/outlet-admin-page";
import type { OutletKind } from "~/db/schema/enums";
import { outletImporter } from "~/features/imports/outlet-import.server";
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
import { fallbackStore } from "~/features/settings/public-store";
import { loadAdminList } from "~/lib/admin-list.server";
import { NotFound } from "~/lib/errors";
import { formAction } from "~/lib/form-action.server";
import { recordIdSchema } from "~/lib/record-id";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle, useRootData } from "~/root";
import type { Route } from "./+types/outlets";
import { csvImportIntents, importBodyLimit, loadImportDialog } from "./csv-import.server";

/**
 * The back office's dealers (`/admin/dealer`) and service centres (`/admin/service`): one page
 * for both kinds (routes.ts maps both addresses here), the same rules; the address says which.
 */
function outletKindOf(request: Request): OutletKind {
  return /^\/admin\/service(?:\.data)?\/?$/.test(new URL(request.url).pathname)
    ? "service_centre"
    : "dealer";
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: pageTitle(
      matches,
      loaderData?.kind === "service_centre" ? "Service centres · Admin" : "Dealers · Admin",
    ),
  },
];

export async function loader(args: Route.LoaderArgs) {
  const kind = outletKindOf(args.request);
  const page = await loadAdminList(args, outletListSchema, ({ db, query, editId, admin }) => ({
    list: listAdminOutlets(db, kind, query),
    importing: loadImportDialog(args.request, args.context, admin, outletImporter(kind)),
    editing: editId ? getAdminOutlet(db, kind, editId) : null,
  }));
  return { kind, ...page };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

/** The outlet an edit or a delete is about. */
const outletIdSchema = z.object({ outletId: recordIdSchema });
const invalidForm = (_errors: unknown, values: Record<string, string>) => ({
  formError: allRequiredMissing(values) ? m.allRequired : undefined,
});

/**
 * Add, edit and delete outlets of the page's kind. Changes empty the visitors' page cache and
 * the kept public data, so the public dealer and service pages never show a deleted or changed
 * outlet.
 */
const imports = csvImportIntents((kind: OutletKind) => outletImporter(kind));

export const action = formAction(
  {
    guard: "admin",
    target: async ({ request }) => outletKindOf(request),
    bodyLimit: importBodyLimit(),
  },
  (intent) => ({
    add: intent({
      schema: outletFormSchema,
      invalid: invalidForm,
      async run({ data, actor, context, target: kind }) {
        await saveOutlet(context.db, kind, { ...data, id: null }, actor);
        return { message: m.added(kind) };
      },
    }),
    edit: intent({
      schema: outletFormSchema.and(outletIdSchema),
      check(values, _form, kind) {
        if (!recordIdSchema.safeParse(values.outletId).success)
          throw new NotFound(m.notFound(kind));
      },
      invalid: invalidForm,
      async run({ data, actor, context, target: kind }) {
        await saveOutlet(context.db, kind, { ...data, id: data.outletId }, actor);
        return { message: m.updated(kind) };
      },
    }),
    delete: intent({
      schema: outletIdSchema,
      invalid: (_errors, _values, kind) => {
        throw new NotFound(m.notFound(kind));
      },
      async run({ data, actor, context, target: kind }) {
        const outcome = await deleteOutlet(context.db, kind, { id: data.outletId }, actor);
        return { message: outcome === "deleted" ? m.deleted(kind) : m.deactivated(kind) };
      },
    }),
    importPreview: intent(imports.importPreview),
    importConfirm: intent(imports.importConfirm),
  }),
);

export default function AdminOutlets({ loaderData, actionData }: Route.ComponentProps) {
  const tiles = useRootData()?.store.map ?? fallbackStore.map;
  return <OutletAdminPage {...loaderData} actionData={actionData} tiles={tiles} />;
}
