import type { RouterContextProvider } from "react-router";
import { csvImportMessages as m } from "~/features/imports/csv-import.messages";
import {
  IMPORT_FILE_FIELD,
  type ImportDialogState,
  importConfirmSchema,
  importIdSchema,
  importUploadSchema,
  MAX_IMPORT_BYTES,
} from "~/features/imports/csv-import.schema";
import {
  type AnyImporter,
  confirmImport,
  stageImport,
  viewImport,
} from "~/features/imports/csv-import.server";
import { ValidationError } from "~/lib/errors";
import type { BodyLimit, IntentSpec } from "~/lib/form-action.server";
import type { SessionUser } from "~/lib/session.server";
import { withoutDialog } from "~/lib/url-dialogs";

/** The address of the list with its import dialog open on `value` ("new" or an upload's id). */
function importAddress(requestUrl: string, value: string): string {
  const back = withoutDialog(requestUrl);
  return `${back}${back.includes("?") ? "&" : "?"}import=${encodeURIComponent(value)}`;
}

/** Whether the request posts the upload form (it posts to `?import=new`). */
const postsUpload = (request: Request) => new URL(request.url).searchParams.get("import") === "new";

/** The body limit of the CSV upload (a little over the file's), else the page's own. */
export function importBodyLimit(other?: BodyLimit) {
  const upload: BodyLimit = {
    bytes: MAX_IMPORT_BYTES + 256 * 1024,
    field: IMPORT_FILE_FIELD,
    message: m.fileTooLarge,
  };
  return (request: Request): BodyLimit => (postsUpload(request) || !other ? upload : other);
}

/** The import dialog the list's address opens (`?import=new` or `?import=<id>`). */
export async function loadImportDialog(
  request: Request,
  context: Readonly<RouterContextProvider>,
  admin: SessionUser,
  importer: AnyImporter,
): Promise<ImportDialogState> {
  const value = new URL(request.url).searchParams.get("import");
  if (value === null) return null;
  if (value === "new") {
    return {
      open: "upload",
      headers: importer.columns.filter((c) => c.field).map((c) => c.header),
      required: importer.required,
    };
  }
  const id = importIdSchema.safeParse(value);
  const view = id.success ? await viewImport(context.db, importer, id.data, admin) : null;
  return view ? { open: "view", view } : { open: "gone" };
}

type ImportIntentSpec = IntentSpec<
  typeof importUploadSchema | typeof importConfirmSchema,
  SessionUser,
  // biome-ignore lint/suspicious/noExplicitAny: each page has its own target.
  any
> & { guard: "admin" };

/**
 * A list page's two import intents (ADR 034): `importPreview` keeps the uploaded file and opens
 * its preview (nothing else is written); `importConfirm` imports it in one transaction and
 * shows the outcome. `importerOf` picks the list's importer (outlets by the page's kind).
 */
export function csvImportIntents(
  // biome-ignore lint/suspicious/noExplicitAny: each page has its own target.
  importerOf: (target: any) => AnyImporter,
): { importPreview: ImportIntentSpec; importConfirm: ImportIntentSpec } {
  return {
    importPreview: {
      guard: "admin",
      schema: importUploadSchema,
      check(_values, form) {
        const file = form.get(IMPORT_FILE_FIELD);
        // No file chosen: the browser sends an empty one without a name.
        if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
          throw new ValidationError(m.fileRequired, { [IMPORT_FILE_FIELD]: m.fileRequired });
        }
        if (file.size > MAX_IMPORT_BYTES) {
          throw new ValidationError(m.fileTooLarge, { [IMPORT_FILE_FIELD]: m.fileTooLarge });
        }
      },
      async run({ form, actor, context, request, target }) {
        const file = form.get(IMPORT_FILE_FIELD) as File;
        const id = await stageImport(
          context.db,
          importerOf(target),
          { name: file.name, text: await file.text() },
          actor,
        );
        return { redirectTo: importAddress(request.url, id) };
      },
    },
    importConfirm: {
      guard: "admin",
      schema: importConfirmSchema,
      async run({ data, actor, context, request, target }) {
        const { importId } = data as { importId: string };
        const outcome = await confirmImport(context.db, importerOf(target), importId, actor, {
          publicUrl: context.publicUrl,
        });
        return {
          message: m.imported({
            created: outcome.created,
            updated: outcome.updated,
            skipped: outcome.skipped.length,
          }),
          redirectTo: importAddress(request.url, importId),
        };
      },
    },
  };
}
