import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { MEDIA_LIMITS } from "~/domain/media/limits";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";
import { dangerButton, secondaryButton } from "./admin-page";
import { CheckboxField } from "./checkbox-field";

export interface MediaAltValues {
  hash: string;
  alt: string;
  altTranslations: { sw?: string; fr?: string };
  decorative: boolean;
}

/**
 * An image's alt texts (English, then Kiswahili and French, each optional and falling back to
 * English on the site), its decorative mark, Save and — while nothing uses it — Delete. A plain
 * POST: the server's errors come back under each field with what was typed.
 */
export function MediaAltForm({
  image,
  action,
  canDelete,
  reply,
  message,
}: {
  image: MediaAltValues;
  action: string;
  canDelete: boolean;
  /** The server's answer about this image (field errors and typed values), if any. */
  reply?: FieldReply;
  message?: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "alt" &&
    navigation.formData.get("hash") === image.hash;
  // The summary focuses once per answer: one object per answer about this image.
  const answer = useMemo(() => (reply ? { result: reply } : undefined), [reply]);
  const typed = (name: string, stored: string) => typedValue(reply, name) ?? stored;
  const decorative = reply?.initialValue
    ? reply.initialValue.decorative === "on"
    : image.decorative;
  const text = (name: "alt" | "alt_sw" | "alt_fr", label: string, stored = "", hint?: string) => (
    <Field
      label={label}
      name={name}
      lang={name === "alt" ? "en" : name.slice(4)}
      defaultValue={typed(name, stored)}
      maxLength={MEDIA_LIMITS.alt}
      errors={fieldErrors(reply, name)}
      hint={hint}
    />
  );
  return (
    <Form method="post" action={action} className="space-y-3">
      <ErrorSummary answer={answer} />
      <input type="hidden" name="hash" value={image.hash} />
      {text("alt", t("mediaLibrary.card.alt"), image.alt, t("mediaLibrary.card.altHint"))}
      <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-slate-700">{t("mediaLibrary.card.translations")}</legend>
        {text("alt_sw", t("mediaLibrary.card.sw"), image.altTranslations.sw)}
        {text("alt_fr", t("mediaLibrary.card.fr"), image.altTranslations.fr)}
      </fieldset>
      <CheckboxField
        name="decorative"
        label={t("mediaLibrary.card.decorative")}
        defaultChecked={decorative}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="alt"
          className={secondaryButton}
          disabled={saving}
        >
          {saving ? t("mediaLibrary.card.pending") : t("mediaLibrary.card.save")}
        </button>
        {canDelete ? (
          <button
            type="submit"
            name="intent"
            value="delete"
            formNoValidate
            className={dangerButton}
          >
            {t("mediaLibrary.card.delete")}
          </button>
        ) : null}
      </div>
      {canDelete ? null : <p className="text-slate-600">{t("mediaLibrary.card.inUse")}</p>}
      {message ? (
        <p role="alert" className="font-medium text-red-700">
          {message}
        </p>
      ) : null}
    </Form>
  );
}
