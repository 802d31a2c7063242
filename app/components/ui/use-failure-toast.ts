import { useEffect } from "react";
import type { FormResult } from "~/lib/forms";
import { DIALOG_TOASTER } from "./dialog";
import { toast } from "./toast";

/** What failed, by the posted intent: { add: "Could not add the product", ... }. */
export type FailureMessages = Readonly<Record<string, string>>;

/**
 * Shows a refused action as an error toast too (the field errors stay next to their fields):
 * "<what failed>: <why>", the why being the form's error or else the first field's; an intent
 * with no message of its own shows the why alone. Runs once per answer, as every action answer
 * is a new object.
 */
export function useFailureToast(actionData: FormResult | undefined, messages: FailureMessages) {
  useEffect(() => {
    if (!actionData || actionData.ok) return;
    const reason =
      actionData.formError ??
      Object.values(actionData.fieldErrors)[0] ??
      "check the highlighted fields";
    const failed = messages[actionData.values.intent ?? ""];
    const inDialog = document.querySelector("dialog[open]") !== null;
    toast.error(
      failed ? `${failed}: ${reason}` : reason,
      inDialog ? { toasterId: DIALOG_TOASTER } : undefined,
    );
  }, [actionData, messages]);
}
