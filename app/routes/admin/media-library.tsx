import { Form } from "react-router";
import { primaryButton } from "~/components/admin/admin-page";
import { MediaCard } from "~/components/admin/media-card";
import { Pager } from "~/components/admin/pager";
import { SiteEditorPage } from "~/components/admin/site/site-editor-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { ErrorList } from "~/components/forms/field-frame";
import { fieldIdOf } from "~/components/forms/field-id";
import { useIsPending } from "~/components/forms/use-pending";
import { MEDIA_ACCEPT, MEDIA_LIMITS } from "~/domain/media/limits";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { fieldErrors, formErrorOf, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/media-library";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("mediaLibrary.title"),
    description: t("mediaLibrary.description"),
    path: "/admin/media",
    noindex: true,
  });
};

export { action, loader } from "./media-library.server";

/** The media library, in the admin's language: upload, then every image with its alt texts. */
export default function MediaLibrary({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { items, page, total, error, uploaded, locale, recommendedWidth, countLabel } = loaderData;
  const t = useT();
  const uploading = useIsPending({ intent: "upload" });
  // An answer about the upload (one about an image's alt texts names the image).
  const uploadReply = reply?.hash ? undefined : reply;
  const fileErrors = fieldErrors(uploadReply?.result, "file");
  const fileId = fileErrors ? fieldIdOf("file") : "media-file";
  return (
    <SiteEditorPage
      locale={locale}
      title={t("mediaLibrary.title")}
      subtitle={t("mediaLibrary.subtitle")}
      toast={reply?.toast}
    >
      <Form
        method="post"
        encType="multipart/form-data"
        className="mb-10 grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2"
        aria-label={t("mediaLibrary.upload.label")}
      >
        <ErrorSummary answer={uploadReply} className="sm:col-span-2" />
        <div className="min-w-0">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            {t("mediaLibrary.upload.file")}
          </label>
          <input
            id={fileId}
            type="file"
            name="file"
            required
            accept={MEDIA_ACCEPT}
            aria-describedby="media-file-hint media-file-error"
            className="mt-1 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          />
          <p id="media-file-hint" className="mt-1 text-sm text-slate-600">
            {t("mediaLibrary.upload.fileHint", { width: recommendedWidth })}
          </p>
          <ErrorList id="media-file-error" errors={fileErrors} />
        </div>
        <Field
          label={t("mediaLibrary.upload.alt")}
          name="alt"
          maxLength={MEDIA_LIMITS.alt}
          defaultValue={reply?.hash ? "" : typedValue(reply?.result, "alt")}
          errors={reply?.hash ? undefined : fieldErrors(reply?.result, "alt")}
          hint={t("mediaLibrary.upload.altHint")}
        />
        <div className="sm:col-span-2">
          <button
            type="submit"
            name="intent"
            value="upload"
            className={primaryButton}
            disabled={uploading}
          >
            {uploading ? t("mediaLibrary.upload.pending") : t("mediaLibrary.upload.submit")}
          </button>
        </div>
      </Form>
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <h2 className="mt-6 mb-4 text-xl font-bold text-slate-900">{countLabel}</h2>
      {items.length ? (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => {
            const mine = reply?.hash === item.hash;
            return (
              <MediaCard
                key={item.hash}
                item={item}
                page={page}
                locale={locale}
                recommendedWidth={recommendedWidth}
                highlight={
                  uploaded?.hash === item.hash ? (uploaded.again ? "again" : "new") : undefined
                }
                reply={mine ? reply?.result : undefined}
                message={mine ? formErrorOf(reply) : undefined}
              />
            );
          })}
        </ul>
      ) : (
        <p className="text-slate-600">{t("mediaLibrary.empty")}</p>
      )}
      <Pager
        page={page}
        total={total}
        label={t("adminOffice.nav.media")}
        size={MEDIA_LIMITS.pageSize}
      />
    </SiteEditorPage>
  );
}
