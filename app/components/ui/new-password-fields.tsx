import type { FieldErrors } from "~/lib/forms";
import { Field } from "./field";

/** A new password and its confirmation, with the length rule shown as a hint. */
export function NewPasswordFields({
  name = "password",
  label = "New password",
  confirmLabel = "Confirm new password",
  errors,
}: {
  name?: string;
  label?: string;
  confirmLabel?: string;
  errors: FieldErrors;
}) {
  return (
    <>
      <Field
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        hint="8 to 128 characters."
        error={errors[name]}
      />
      <Field
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
