/**
 * Says, in the page's language, which of the page's content is still in English (issue 26):
 * the loader's `contentNotice` (content-notice.server.ts), null on English pages.
 */
export function ContentNotice({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p
      role="note"
      data-testid="content-notice"
      className={`rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700 ${className ?? ""}`}
    >
      {text}
    </p>
  );
}
