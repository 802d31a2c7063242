import { Form, Link, useLocation, useNavigation } from "react-router";
import { DialogActions } from "~/components/admin/admin-list";
import { UrlDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { csvImportMessages as m } from "~/features/imports/csv-import.messages";
import {
  IMPORT_FILE_FIELD,
  type ImportDialogState,
  type ImportPreviewRow,
  type ImportView,
  MAX_IMPORT_MB,
  MAX_IMPORT_ROWS,
} from "~/features/imports/csv-import.schema";
import type { FormResult } from "~/lib/forms";
import { queryWith } from "~/lib/url-dialogs";

const statusLabels: Record<ImportPreviewRow["status"], string> = {
  new: "New",
  changed: "Changes",
  unchanged: "Unchanged",
  error: "Error",
};

const statusClasses: Record<ImportPreviewRow["status"], string> = {
  new: "bg-success-50 text-success-700",
  changed: "bg-warning-50 text-warning-700",
  unchanged: "bg-slate-100 text-slate-700",
  error: "bg-danger-50 text-danger-700",
};

/** A row's result: "New", its changes ("Price (INR): ₹4,500 → ₹4,800"), or its errors. */
function RowResult({ row }: { row: ImportPreviewRow }) {
  return (
    <div className="space-y-1">
      <span
        className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClasses[row.status]}`}
      >
        {statusLabels[row.status]}
      </span>
      {row.changes.length > 0 ? (
        <ul className="text-sm text-slate-800">
          {row.changes.map((c) => (
            <li key={c.column}>
              <span className="font-medium">{c.column}</span>: {c.from || "(blank)"} →{" "}
              {c.to || "(blank)"}
            </li>
          ))}
        </ul>
      ) : null}
      {row.errors.length > 0 ? (
        <ul className="text-sm text-danger-700">
          {row.errors.map((e) => (
            <li key={`${e.column}:${e.message}`}>
              <span className="font-semibold">{e.column}</span>: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UploadForm({
  headers,
  required,
  actionData,
  closeHref,
}: {
  headers: string[];
  required: string[];
  actionData: FormResult | undefined;
  closeHref: string;
}) {
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const error = failed?.fieldErrors[IMPORT_FILE_FIELD];
  return (
    <UrlDialog title="Import CSV" closeHref={closeHref}>
      <Form
        method="post"
        action={queryWith(search, "import", "new")}
        encType="multipart/form-data"
        className="space-y-4"
      >
        <FormAlert message={error ? undefined : failed?.formError} />
        <input type="hidden" name="intent" value="importPreview" />
        <p className="text-sm text-slate-700">
          The first row names the columns: {required.join(", ")} and any of the others. Columns left
          out keep their values. An export of this list is a file in the right form.
        </p>
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-slate-900">All columns</summary>
          <p className="mt-1">{headers.join(", ")}</p>
        </details>
        <Field
          label="CSV file"
          name={IMPORT_FILE_FIELD}
          type="file"
          accept=".csv,text/csv"
          required
          hint={`At most ${MAX_IMPORT_MB} MB and ${MAX_IMPORT_ROWS.toLocaleString("en-IN")} rows. You see what changes before anything is saved.`}
          error={error}
        />
        <DialogActions closeHref={closeHref} submitLabel="Preview" busy={busy} />
      </Form>
    </UrlDialog>
  );
}

function ViewDialog({ view, closeHref }: { view: ImportView; closeHref: string }) {
  const busy = useNavigation().state === "submitting";
  const { counts } = view;
  const listed = view.rows.length;
  const total = view.confirmed ? counts.errors : view.rowCount;
  const writes = counts.created + counts.updated;
  return (
    <UrlDialog title={m.previewTitle(view.fileName)} closeHref={closeHref} wide>
      <div className="space-y-4">
        <p role="status" className="text-sm font-medium text-slate-900">
          {view.confirmed ? "Imported. " : ""}
          {m.summary(counts)}.
        </p>
        {view.confirmed && counts.errors > 0 ? (
          <h3 className="font-semibold text-slate-900">Rows skipped</h3>
        ) : null}
        {listed > 0 ? (
          <div className="max-h-[50vh] overflow-auto rounded-lg border border-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {view.confirmed ? "Rows skipped for their errors" : "Preview of the import"}
              </caption>
              <thead className="sticky top-0 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Line
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Record
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Result
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {view.rows.map((row) => (
                  <tr key={row.line} data-testid="import-row">
                    <td className="px-3 py-2 align-top tabular-nums">{row.line}</td>
                    <td className="px-3 py-2 align-top font-medium text-slate-900">{row.key}</td>
                    <td className="px-3 py-2 align-top">
                      <RowResult row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {listed < total ? (
          <p className="text-sm text-slate-600">
            The first {listed.toLocaleString("en-IN")} rows that change something are listed; the
            counts above cover every row.
          </p>
        ) : null}
        {view.confirmed ? (
          <div className="flex justify-end">
            <Link to={closeHref} className="btn-primary" preventScrollReset>
              Close
            </Link>
          </div>
        ) : (
          <Form method="post" className="flex flex-wrap items-center justify-end gap-3">
            <input type="hidden" name="intent" value="importConfirm" />
            <input type="hidden" name="importId" value={view.id} />
            {counts.errors > 0 ? (
              <p className="mr-auto text-sm text-slate-700">
                Rows with errors are skipped; fix them and import the file again.
              </p>
            ) : null}
            <Link to={closeHref} className="btn-outline" preventScrollReset>
              Cancel
            </Link>
            <button type="submit" className="btn-primary" disabled={busy || writes === 0}>
              {writes === 0
                ? "Nothing to import"
                : `Import ${writes.toLocaleString("en-IN")} ${writes === 1 ? "row" : "rows"}`}
            </button>
          </Form>
        )}
      </div>
    </UrlDialog>
  );
}

/** The "Import CSV" dialog of an admin list: the upload, the preview and its outcome. */
export function CsvImportDialog({
  state,
  actionData,
  closeHref,
}: {
  state: ImportDialogState;
  actionData: FormResult | undefined;
  closeHref: string;
}) {
  if (!state) return null;
  if (state.open === "upload") {
    return (
      <UploadForm
        headers={state.headers}
        required={state.required}
        actionData={actionData}
        closeHref={closeHref}
      />
    );
  }
  if (state.open === "gone") {
    return (
      <UrlDialog title="Import CSV" closeHref={closeHref}>
        <p className="text-sm text-slate-800">{m.gone}</p>
      </UrlDialog>
    );
  }
  return <ViewDialog view={state.view} closeHref={closeHref} />;
}
