import type { ReactNode } from "react";
import { Link } from "react-router";
import { ErrorList, type FieldErrors } from "~/components/forms/field";
import { useFieldId } from "~/components/forms/field-id";
import { useEditClearsErrors } from "~/components/forms/use-edit-clears-errors";
import { useT } from "~/i18n/use-t";

/** 'I agree to the Terms of Service and Privacy Policy' (its error clears once ticked, with JS). */
export function TermsCheckbox({
  defaultChecked,
  errors,
}: {
  defaultChecked?: boolean;
  errors?: FieldErrors;
}) {
  const id = useFieldId("terms", errors);
  const t = useT();
  const linkTo = (path: string) => (children: ReactNode[], key: number) => (
    <Link key={key} to={t.path(path)} target="_blank" className="underline hover:text-brand-700">
      {children}
    </Link>
  );
  const { ref, shown, markEdited } = useEditClearsErrors<HTMLInputElement>(errors);
  return (
    <div>
      <div className="flex items-start gap-2 text-sm text-slate-800">
        <input
          id={id}
          ref={ref}
          type="checkbox"
          name="terms"
          required
          defaultChecked={defaultChecked}
          aria-invalid={shown?.length ? true : undefined}
          aria-describedby={shown?.length ? `${id}-error` : undefined}
          onChange={markEdited}
          className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-brand-700"
        />
        <span>
          <label htmlFor={id}>{t("auth.agree")}</label>{" "}
          <span className="text-slate-600">
            {t.rich("auth.readTerms", { terms: linkTo("/terms"), privacy: linkTo("/privacy") })}
          </span>
        </span>
      </div>
      <ErrorList id={`${id}-error`} errors={shown} />
    </div>
  );
}
