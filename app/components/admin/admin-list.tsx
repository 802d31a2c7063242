import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ConfirmForm } from "~/components/ui/confirm-form";

/** The filter bar above an admin table: a GET form with Search, and Clear when filtered. */
export function ListSearch({
  children,
  clearHref,
  filtered,
}: {
  children: ReactNode;
  clearHref: string;
  filtered: boolean;
}) {
  return (
    <Form
      method="get"
      role="search"
      className="mt-5 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      {children}
      <button type="submit" className="btn-primary">
        Search
      </button>
      {filtered ? (
        <Link to={clearHref} className="btn-outline">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

/** The count, the empty state, or the table with its header cells. */
export function ResultTable({
  total,
  noun,
  filtered = false,
  emptyText,
  minWidth,
  headers,
  children,
}: {
  total: number;
  noun: [singular: string, plural: string];
  /** The list is narrowed by a search: the count says "match". */
  filtered?: boolean;
  emptyText: string;
  minWidth: string;
  headers: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {total === 1 ? `1 ${noun[0]}` : `${total} ${noun[1]}`}
        {filtered ? " match" : ""}
      </p>
      {total === 0 ? (
        <p className="mt-2 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {emptyText}
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" style={{ minWidth }}>
            <thead className="bg-slate-50 text-slate-700">
              <tr>{headers}</tr>
            </thead>
            <tbody className="divide-y divide-slate-100">{children}</tbody>
          </table>
        </div>
      )}
    </>
  );
}

export function Th({ children, right = false }: { children: ReactNode; right?: boolean }) {
  return (
    <th scope="col" className={`px-4 py-3 font-semibold ${right ? "text-right" : ""}`}>
      {children}
    </th>
  );
}

/** A row's delete button: asks for confirmation, and still works as a plain form post. */
export function DeleteRowButton({
  label,
  question,
  hidden,
}: {
  label: string;
  question: string;
  hidden: Record<string, string | number>;
}) {
  return (
    <ConfirmForm question={question} confirmLabel="Delete" danger>
      <input type="hidden" name="intent" value="delete" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-outline min-h-10 px-3" aria-label={label}>
        <Trash2 className="size-4 text-danger-700" aria-hidden="true" />
      </button>
    </ConfirmForm>
  );
}

/** Cancel (back to the list) and the submit button at the foot of a dialog form. */
export function DialogActions({
  closeHref,
  submitLabel,
  busy,
}: {
  closeHref: string;
  submitLabel: string;
  busy: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Link to={closeHref} className="btn-outline" preventScrollReset>
        Cancel
      </Link>
      <button type="submit" className="btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </div>
  );
}
