import { z } from "zod";

/** The largest CSV file imported (checked in the browser, then again on the server). */
export const MAX_IMPORT_MB = 5;
export const MAX_IMPORT_BYTES = MAX_IMPORT_MB * 1024 * 1024;
/** The most rows one file may have below its header row. */
export const MAX_IMPORT_ROWS = 10_000;
/** The preview's table lists at most this many rows (the counts cover every row). */
export const PREVIEW_ROWS_SHOWN = 500;
/** An upload waits this long for its confirmation (ADR 034). */
export const IMPORT_TTL_MS = 60 * 60 * 1000;

/** The upload's file field, where a refused file's message is shown. */
export const IMPORT_FILE_FIELD = "file";

/** An upload's address: a random token (`?import=<id>`); `new` opens the upload form. */
export const importIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** The upload form (the file itself is read by the action). */
export const importUploadSchema = z.object({});

/** The confirmation: which upload. */
export const importConfirmSchema = z.object({ importId: importIdSchema });

/** How a row of the file compares with the list. */
export type ImportRowStatus = "new" | "changed" | "unchanged" | "error";

/** One cell's change ("Price (INR)": "₹4,500" -> "₹4,800"). */
export type ImportChange = { column: string; from: string; to: string };
/** One cell's error, by its column. */
export type ImportCellError = { column: string; message: string };

/** One row of the preview. */
export type ImportPreviewRow = {
  line: number;
  /** What the row is called ("12V-40AH", "Maruti Suzuki Swift 2019 Petrol"). */
  key: string;
  status: ImportRowStatus;
  changes: ImportChange[];
  errors: ImportCellError[];
};

/** What the page shows of a waiting upload, or of a confirmed one. */
export type ImportView = {
  id: string;
  fileName: string;
  rowCount: number;
  counts: { created: number; updated: number; unchanged: number; errors: number };
  /** The rows listed (at most PREVIEW_ROWS_SHOWN; unchanged rows left out first). */
  rows: ImportPreviewRow[];
  /** Set once confirmed: the preview is then the outcome. */
  confirmed: boolean;
};

/** What a list page's import dialog shows (its address's `?import=`): the upload form with the
 * list's columns, an upload's preview or outcome, or an upload that is gone. */
export type ImportDialogState =
  | { open: "upload"; headers: string[]; required: string[] }
  | { open: "view"; view: ImportView }
  | { open: "gone" }
  | null;
