import type { LucideIcon } from "lucide-react";
import { Download, Pencil, Upload } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { Pagination } from "~/components/ui/pagination";
import { type FailureMessages, useFailureToast } from "~/components/ui/use-failure-toast";
import type { FormResult } from "~/lib/forms";
import { queryWith } from "~/lib/url-dialogs";
import {
  type ColumnPriority,
  DeleteRowButton,
  ListSearch,
  phoneClass,
  ResultTable,
  rowButtonClass,
  type SearchButton,
  Th,
} from "./admin-list";

/** One column of an admin table. */
export type Column<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes of the cell (default: padded). */
  className?: string;
  /** "secondary": hidden on phones (below `sm`), which see the primary columns and the row's
   * buttons; default "primary" (always shown). */
  priority?: ColumnPriority;
};

/** A page of records, as every admin list query returns it (see lib/paginate.ts). */
export type ListPage<Row> = { rows: Row[]; total: number; page: number; pageCount: number };

type Props<Row> = {
  title: string;
  /** The add button ("Add product") and its icon; none: the page adds nothing. */
  add?: { label: string; icon: LucideIcon };
  /** The filter fields of the search bar (a GET form), and whether any is set. */
  filters: ReactNode;
  filtered: boolean;
  /** The search bar's submit button (default "Search") and what follows it (e.g. Refresh). */
  searchButton?: SearchButton;
  searchExtra?: ReactNode;
  /** A warning about the search itself (e.g. Filter with nothing entered), above the table. */
  searchWarning?: string | null;
  /** This page's address without filters (the search bar's Clear). */
  baseHref: string;
  list: ListPage<Row>;
  noun: [singular: string, plural: string];
  emptyText: string;
  /** The table's minimum width (from `sm` up) before it scrolls sideways. */
  minWidth: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** What a row is called in its buttons' labels ("Edit 12V-40AH"). */
  rowName: (row: Row) => string;
  rowTestId?: string;
  /** The `?edit=` value of a row; none: rows have no edit dialog. */
  editKey?: (row: Row) => string;
  /** A row's delete form (question and hidden fields), or null when it cannot be deleted. */
  deleteRow?: (row: Row) => { question: string; hidden: Record<string, string | number> } | null;
  /** More buttons for a row, between Edit and Delete. */
  rowActions?: (row: Row) => ReactNode;
  /** A CSV of the filtered list (every page). */
  exportHref?: string;
  /** Whether the page takes CSV imports: an "Import CSV" button opens `?import=new`, and the
   * page passes the import's dialog as its `dialog`. */
  importCsv?: boolean;
  actionData: FormResult | undefined;
  /** Failure toasts by intent ("add" -> "Could not add the product"). */
  failureMessages: FailureMessages;
  /** The open add or edit dialog, if any. */
  dialog: ReactNode;
};

/** A cell's classes: its column's own (default: padded), and those of its priority on phones. */
function cellClass<Row>(column: Column<Row>): string {
  return `${column.className ?? "px-4 py-3"} ${phoneClass(column.priority)}`;
}

/** Intents whose errors the open dialog shows; any other failure belongs to a row. */
const dialogIntents = new Set(["add", "edit", "importPreview", "importConfirm"]);

/**
 * The one admin list page: title with add and export, a search bar, the table with edit and
 * delete (with confirmation) per row, pages, the add/edit dialog, and failures shown next to
 * the list and as error toasts (successes arrive as flash toasts after the redirect).
 */
export function AdminResourcePage<Row>(props: Props<Row>) {
  const { list, actionData } = props;
  const { search } = useLocation();
  useFailureToast(actionData, props.failureMessages);
  const rowError =
    actionData && !actionData.ok && !dialogIntents.has(actionData.values.intent ?? "")
      ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0])
      : undefined;
  const hasActions = Boolean(props.editKey || props.deleteRow || props.rowActions);
  const AddIcon = props.add?.icon;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{props.title}</h1>
        <div className="flex flex-wrap gap-2">
          {props.exportHref ? (
            <a href={props.exportHref} className="btn-outline" download>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </a>
          ) : null}
          {props.importCsv ? (
            <Link
              to={queryWith(search, "import", "new")}
              className="btn-outline"
              preventScrollReset
            >
              <Upload className="size-4" aria-hidden="true" />
              Import CSV
            </Link>
          ) : null}
          {props.add && AddIcon ? (
            <Link to={queryWith(search, "add", "1")} className="btn-primary" preventScrollReset>
              <AddIcon className="size-4" aria-hidden="true" />
              {props.add.label}
            </Link>
          ) : null}
        </div>
      </div>
      <ListSearch
        clearHref={props.baseHref}
        filtered={props.filtered}
        button={props.searchButton}
        extra={props.searchExtra}
      >
        {props.filters}
      </ListSearch>
      {props.searchWarning ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-warning-700/30 bg-warning-50 px-4 py-3 text-sm font-medium text-warning-700"
        >
          {props.searchWarning}
        </p>
      ) : null}
      <div className="mt-4">
        <FormAlert message={rowError} />
      </div>
      <ResultTable
        label={`${props.title} table`}
        total={list.total}
        noun={props.noun}
        filtered={props.filtered}
        emptyText={props.emptyText}
        minWidth={props.minWidth}
        headers={
          <>
            {props.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list.
              <Th key={index} priority={column.priority}>
                {column.header}
              </Th>
            ))}
            {hasActions ? <Th right>Actions</Th> : null}
          </>
        }
      >
        {list.rows.map((row) => {
          const name = props.rowName(row);
          const deletion = props.deleteRow?.(row);
          return (
            <tr key={props.rowKey(row)} data-testid={props.rowTestId}>
              {props.columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list.
                <td key={index} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
              {hasActions ? (
                // On a phone the buttons stack, and the row's name and key field get the width.
                <td className={`px-4 py-3 max-sm:w-0 ${phoneClass()}`}>
                  <div className="flex justify-end gap-2 max-sm:flex-wrap">
                    {props.editKey ? (
                      <Link
                        to={queryWith(search, "edit", props.editKey(row))}
                        preventScrollReset
                        className={rowButtonClass}
                        aria-label={`Edit ${name}`}
                      >
                        <Pencil className="size-4" aria-hidden="true" />
                      </Link>
                    ) : null}
                    {props.rowActions?.(row)}
                    {deletion ? (
                      <DeleteRowButton
                        label={`Delete ${name}`}
                        question={deletion.question}
                        hidden={deletion.hidden}
                      />
                    ) : null}
                  </div>
                </td>
              ) : null}
            </tr>
          );
        })}
      </ResultTable>
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(n) => queryWith(search, "page", String(n))}
      />
      {props.dialog}
    </div>
  );
}
