import { type ReactNode, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { useT } from "~/lib/i18n/react";

/**
 * A post form that asks first, in the store's own dialog instead of the browser's `confirm()`:
 * pressing its button opens a modal with the question, Cancel (focused first, the safe choice)
 * and the confirm button, which then sends the form. Without JavaScript the form is sent at
 * once, as the server checks everything anyway. `question` may depend on what the form holds
 * (null: no need to ask, e.g. a role change that is not a promotion).
 */
export function ConfirmForm({
  question,
  confirmLabel,
  cancelLabel,
  danger = false,
  className,
  children,
}: {
  question: string | ((form: HTMLFormElement) => string | null);
  confirmLabel: string;
  /** The safe choice that only closes the question, such as "Keep booking". */
  cancelLabel?: string;
  /** The action cannot be undone or locks someone out: the confirm button is red. */
  danger?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmed = useRef(false);
  const [asked, setAsked] = useState("");
  const titleId = useId();
  const t = useT("common");
  return (
    <Form
      method="post"
      ref={formRef}
      className={className}
      onSubmit={(event) => {
        if (confirmed.current) {
          confirmed.current = false;
          return;
        }
        const text = typeof question === "function" ? question(event.currentTarget) : question;
        if (!text) return;
        event.preventDefault();
        setAsked(text);
        dialogRef.current?.showModal();
      }}
    >
      {children}
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        className="fixed inset-0 z-50 m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-left shadow-xl"
      >
        <p id={titleId} className="text-base font-semibold text-slate-900">
          {asked}
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={() => dialogRef.current?.close()}>
            {cancelLabel ?? t("Cancel")}
          </button>
          <button
            type="button"
            className={
              danger ? "btn bg-danger-700 text-white hover:bg-danger-700/90" : "btn-primary"
            }
            onClick={() => {
              confirmed.current = true;
              dialogRef.current?.close();
              formRef.current?.requestSubmit();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </dialog>
    </Form>
  );
}
