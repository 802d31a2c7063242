import type { FieldErrors } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { Field } from "./field";

/** A new password and its confirmation, with the length rule shown as a hint. */
export function NewPasswordFields({
  name = "password",
  label,
  confirmLabel,
  errors,
}: {
  name?: string;
  label?: string;
  confirmLabel?: string;
  errors: FieldErrors;
}) {
  const t = useT("auth");
  return (
    <>
      <Field
        label={label ?? t("New password")}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        hint={t("8 to 128 characters.")}
        error={errors[name]}
      />
      <Field
        label={confirmLabel ?? t("Confirm new password")}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
