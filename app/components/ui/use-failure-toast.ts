import { useEffect } from "react";
import { toast } from "sonner";
import { DIALOG_TOASTER } from "./dialog";

type Failure = {
  ok: false;
  formError?: string;
  fieldErrors?: Record<string, string>;
  values: Record<string, string>;
};

/** What failed, by the posted intent (add, edit or delete). */
export type FailureMessages = { addFailed: string; updateFailed: string; deleteFailed: string };

/**
 * Shows a refused admin action as an error toast too (the field errors stay next to their
 * fields): "<what failed>: <why>", the why being the form's error or else the first field's.
 * Runs once per submission, as every action answer is a new object.
 */
export function useFailureToast(
  actionData: { ok: boolean } | Failure | undefined,
  messages: FailureMessages,
) {
  useEffect(() => {
    if (actionData?.ok !== false) return;
    const failure = actionData as Failure;
    const reason =
      failure.formError ??
      Object.values(failure.fieldErrors ?? {})[0] ??
      "check the highlighted fields";
    const inDialog = document.querySelector("dialog[open]") !== null;
    const { intent } = failure.values;
    const failed =
      intent === "delete"
        ? messages.deleteFailed
        : intent === "edit"
          ? messages.updateFailed
          : messages.addFailed;
    toast.error(`${failed}: ${reason}`, inDialog ? { toasterId: DIALOG_TOASTER } : undefined);
  }, [actionData, messages]);
}
