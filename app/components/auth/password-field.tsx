import { type InputHTMLAttributes, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Field, type FieldErrors } from "~/components/forms/field";
import { useT } from "~/i18n/use-t";

/** A password field; with JS a Show/Hide toggle switches it to plain text and back. */
export function PasswordField({
  label,
  errors,
  hint,
  toggle = false,
  ...input
}: {
  label: string;
  errors?: FieldErrors;
  hint?: string;
  toggle?: boolean;
} & InputHTMLAttributes<HTMLInputElement>) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <div className="relative">
      <Field
        label={label}
        errors={errors}
        hint={hint}
        type={visible ? "text" : "password"}
        {...input}
      />
      {toggle && hydrated ? (
        <button
          type="button"
          className="absolute top-0 right-0 rounded px-1 text-sm font-medium text-brand-700 hover:underline"
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t("common.hidePassword") : t("common.showPassword")}
        </button>
      ) : null}
    </div>
  );
}
