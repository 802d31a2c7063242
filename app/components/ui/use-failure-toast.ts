import { useEffect } from "react";
import { toast } from "sonner";

type Failure = { ok: false; formError?: string; values: Record<string, string> };

/**
 * Shows a refused admin action as an error toast too (the field errors stay next to their
 * fields): "<what failed>: <why>". `failedMessage` names what failed for the posted intent.
 * Runs once per submission, as every action answer is a new object.
 */
export function useFailureToast(
  actionData: { ok: boolean } | Failure | undefined,
  failedMessage: (intent: string | undefined) => string,
) {
  useEffect(() => {
    if (actionData?.ok !== false) return;
    const failure = actionData as Failure;
    const reason = failure.formError ?? "check the highlighted fields";
    toast.error(`${failedMessage(failure.values.intent)}: ${reason}`);
  }, [actionData, failedMessage]);
}
