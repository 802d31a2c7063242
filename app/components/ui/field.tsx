import { type InputHTMLAttributes, type ReactNode, useId } from "react";

type FieldProps = {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">;

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600";

/** What a field's control carries: its id, its state and the ids of its hint and error. */
type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
};

/**
 * A label, a control, its hint and its error right under it, wired for screen readers: the
 * frame every kind of field shares.
 */
function FieldFrame({
  label,
  hint,
  error,
  className,
  control,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  control: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
        className: `${inputClass} ${error ? "border-danger-700" : "border-slate-300"}`,
      })}
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A labelled input with its error right under it, wired for screen readers. */
export function Field({ label, name, error, hint, className, ...input }: FieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(props) => <input name={name} {...props} {...input} />}
    />
  );
}

function FieldHint({ id, hint }: { id?: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-danger-700" data-field-error>
      {message}
    </p>
  );
}

type SelectProps = {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** `translate: "no"`: the label is a name (a model, a centre), which no tool translates. */
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean; translate?: "no" }>;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">;

export function SelectField({
  label,
  name,
  error,
  hint,
  options,
  className,
  ...select
}: SelectProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(props) => (
        <select name={name} {...props} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled} translate={o.translate}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

type TextAreaProps = {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
} & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">;

/** A labelled text of several lines with its error right under it. */
export function TextAreaField({ label, name, error, hint, className, ...area }: TextAreaProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(props) => <textarea name={name} {...props} {...area} />}
    />
  );
}
