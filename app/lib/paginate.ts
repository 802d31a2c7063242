/** A page of a list: the page actually shown (clamped to the last), and the SQL window. */
export type PageWindow = { page: number; pageCount: number; limit: number; offset: number };

/**
 * The window for page `requested` of `total` rows, `pageSize` a page. A page past the end shows
 * the last one; an empty list has one (empty) page.
 */
export function paginate(total: number, requested: number, pageSize: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  return { page, pageCount, limit: pageSize, offset: (page - 1) * pageSize };
}
