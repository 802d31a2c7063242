import { type ReactNode, useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { useT } from "~/lib/i18n/react";
import { AppToaster } from "./toaster";

/** The toaster inside an open dialog: a modal <dialog> sits in the browser's top layer, above
 * the page's own toaster, so toasts raised while one is open are shown here instead. */
export const DIALOG_TOASTER = "dialog";

/**
 * A modal dialog whose open state lives in the URL (e.g. ?add=1): it renders open on the server,
 * so it works before JavaScript loads, and becomes a true modal (focus trapped, Escape closes,
 * the focus given back to what opened it when it closes) once it has.
 */
export function UrlDialog({
  title,
  closeHref,
  children,
  wide = false,
}: {
  title: string;
  closeHref: string;
  children: ReactNode;
  /** A wider dialog, for a table (e.g. a CSV import's preview). */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const t = useT("common");
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // What opened it (the link pressed), to give the focus back to when it closes: the page
    // stays where it was, and a keyboard user goes on from there, not from the top.
    const opener = document.activeElement;
    if (dialog.open) dialog.close();
    dialog.showModal();
    return () => {
      dialog.close();
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus({ preventScroll: true });
      }
    };
  }, []);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="dialog-title"
      className={`fixed inset-0 z-50 m-auto max-h-[calc(100dvh-2rem)] ${wide ? "w-[min(64rem,calc(100vw-2rem))]" : "w-[min(32rem,calc(100vw-2rem))]"} overflow-y-auto rounded-2xl bg-white p-0 shadow-xl`}
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeHref, { preventScrollReset: true });
      }}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
        <h2 id="dialog-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link
          to={closeHref}
          preventScrollReset
          className="flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
          aria-label={t("Close")}
        >
          <SpriteIcon name="x" className="size-5" />
        </Link>
      </div>
      <AppToaster id={DIALOG_TOASTER} />
      <div className="px-6 py-5">{children}</div>
    </dialog>
  );
}
