import { RefreshCw, Trash2 } from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { ConfirmForm } from "~/components/ui/confirm-form";

/** How the filter bar's submit button reads and what it sends (default: "Search", nothing). */
export type SearchButton = { label: string; name?: string; value?: string };

/** The filter bar above an admin table: a GET form with Search, and Clear when filtered. */
export function ListSearch({
  children,
  clearHref,
  filtered,
  button = { label: "Search" },
  extra,
}: {
  children: ReactNode;
  clearHref: string;
  filtered: boolean;
  button?: SearchButton;
  /** More links or buttons after the submit button (e.g. Refresh). */
  extra?: ReactNode;
}) {
  return (
    <Form
      method="get"
      role="search"
      className="mt-5 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      {children}
      <button type="submit" className="btn-primary" name={button.name} value={button.value}>
        {button.label}
      </button>
      {extra}
      {filtered ? (
        <Link to={clearHref} className="btn-outline">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

/** Which columns a phone shows: "primary" always, "secondary" from `sm` (640 px) up. */
export type ColumnPriority = "primary" | "secondary";

/** A column's header and cells on a phone (below `sm`): tighter padding; secondary: hidden. */
export function phoneClass(priority: ColumnPriority = "primary"): string {
  return priority === "secondary" ? "max-sm:hidden" : "max-sm:px-3";
}

/** A row's icon button (edit, delete, ban): at least 44 px either way, a finger's tap target. */
export const rowButtonClass = "btn-outline min-h-11 min-w-11 px-3";

/** A list's count: "1 order", "3 orders"; narrowed by a search, "1 order matches", "3 orders match". */
export function countText(
  total: number,
  [singular, plural]: [singular: string, plural: string],
  filtered: boolean,
): string {
  const count = total === 1 ? `1 ${singular}` : `${total} ${plural}`;
  if (!filtered) return count;
  return `${count} ${total === 1 ? "matches" : "match"}`;
}

/**
 * The count, the empty state, or the table with its header cells. The table scrolls sideways in
 * its own box, a keyboard-focusable region named `label`; while it is wider than that box, a
 * fading right edge and "Scroll for more →" say so (CSS only, see `.table-scroll` in app.css).
 */
export function ResultTable({
  label,
  total,
  noun,
  filtered = false,
  emptyText,
  minWidth,
  headers,
  children,
}: {
  /** The scroll region's accessible name ("Products table"). */
  label: string;
  total: number;
  noun: [singular: string, plural: string];
  /** The list is narrowed by a search: the count says "match". */
  filtered?: boolean;
  emptyText: string;
  /** The table's minimum width from `sm` up (phones show only the primary columns). */
  minWidth: string;
  headers: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {countText(total, noun, filtered)}
        </p>
        {total === 0 ? null : (
          <p className="table-scroll-hint text-sm text-slate-600" aria-hidden="true">
            Scroll for more →
          </p>
        )}
      </div>
      {total === 0 ? (
        <p className="mt-2 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {emptyText}
        </p>
      ) : (
        <TableScrollBox label={label} className="mt-2">
          <table
            className="w-full text-left text-sm sm:min-w-(--table-min-width)"
            style={{ "--table-min-width": minWidth } as CSSProperties}
          >
            <thead className="bg-slate-50 text-slate-700">
              <tr>{headers}</tr>
            </thead>
            <tbody className="divide-y divide-slate-100">{children}</tbody>
          </table>
        </TableScrollBox>
      )}
    </div>
  );
}

/**
 * The white box a table scrolls sideways in: a keyboard-focusable region named `label`, and a
 * fading right edge while the table is wider than the box (CSS only: the `.table-scroll` around
 * it keeps the scroll's timeline). `above`: what the box shows over the table (a caption).
 */
export function TableScrollBox({
  label,
  className = "",
  above,
  children,
}: {
  label: string;
  className?: string;
  above?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`relative rounded-xl border border-slate-200 bg-white ${className}`}>
      {above}
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        // Positioned, so that what is placed inside it (a row's screen-reader-only text) is
        // clipped by its scroll too: positioned from the box outside, that text stuck out
        // past the screen's edge and the whole page scrolled sideways on a phone.
        className="table-scroll-region relative overflow-x-auto rounded-xl"
      >
        {children}
      </section>
      <div
        className="table-scroll-edge pointer-events-none absolute inset-y-0 right-0 w-10 rounded-r-xl bg-linear-to-l from-white to-transparent"
        aria-hidden="true"
      />
    </div>
  );
}

export function Th({
  children,
  right = false,
  priority,
}: {
  children: ReactNode;
  right?: boolean;
  priority?: ColumnPriority;
}) {
  return (
    <th
      scope="col"
      className={`px-4 py-3 font-semibold ${right ? "text-right" : ""} ${phoneClass(priority)}`}
    >
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
      <button type="submit" className={rowButtonClass} aria-label={label}>
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

/** Loads the list again at the same address (its filters and page kept); works without JavaScript. */
export function RefreshLink({ testId }: { testId?: string }) {
  const { pathname, search } = useLocation();
  return (
    <Link
      to={`${pathname}${search}`}
      className="btn-outline"
      preventScrollReset
      data-testid={testId}
    >
      <RefreshCw className="size-4" aria-hidden="true" />
      Refresh
    </Link>
  );
}
