import { SpriteIcon } from "~/components/sprite-icon";

/** A form-wide message: an error (role=alert) or a success notice (role=status). */
export function FormAlert({
  message,
  tone = "error",
}: {
  message?: string;
  tone?: "error" | "success";
}) {
  if (!message) return null;
  const icon = tone === "error" ? "circle-alert" : "circle-check";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex gap-2 rounded-lg border px-4 py-3 text-sm font-medium ${
        tone === "error"
          ? "border-danger-700/30 bg-danger-50 text-danger-700"
          : "border-success-700/30 bg-success-50 text-success-700"
      }`}
    >
      <SpriteIcon name={icon} className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </div>
  );
}
