import { Link } from "react-router";
import { altTranslationsOf } from "~/domain/media/alt-text";
import { shortDate } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";
import type { FieldReply } from "~/lib/form-reply";
import { MediaPicture } from "../media/media-picture";
import { MediaAltForm } from "./media-alt-form";

export interface MediaCardItem {
  hash: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
  original_name: string;
  alt: string;
  alt_translations: unknown;
  decorative: boolean;
  created_at: string;
  usedBy: {
    id: number;
    kind: "post" | "service" | "project" | "teamMember";
    title: string;
    to: string;
  }[];
}

const kilobytes = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

/**
 * One image of the library: picture (never shown wider than it is), size, dimensions, where it
 * is used, its URL to copy (a read-only field: select and copy, with or without JS), its alt
 * texts and Delete — not offered while a post uses it (the server refuses it too).
 */
export function MediaCard({
  item,
  page,
  locale,
  recommendedWidth,
  highlight,
  reply,
  message,
}: {
  item: MediaCardItem;
  page: number;
  /** The admin's language (dates). */
  locale: Locale;
  recommendedWidth: number;
  /** The image just uploaded: new, or already in the library (`again`). */
  highlight?: "new" | "again";
  /** The server's answer about this image: alt-text errors and typed values. */
  reply?: FieldReply;
  /** Why it was not saved or deleted. */
  message?: string;
}) {
  const t = useT();
  const action = page > 1 ? `/admin/media?page=${page}` : "/admin/media";
  const used = item.usedBy.length > 0;
  return (
    <li
      id={`media-${item.hash}`}
      aria-current={highlight ? "true" : undefined}
      className={`flex min-w-0 flex-col overflow-hidden rounded-lg border bg-white shadow-sm ${
        highlight ? "border-brand-600 ring-4 ring-brand-600/30" : "border-slate-200"
      }`}
    >
      {highlight ? (
        <p className="bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white">
          {highlight === "again" ? t("mediaLibrary.card.again") : t("mediaLibrary.card.new")}
        </p>
      ) : null}
      <MediaPicture
        src={item.url}
        alt={item.decorative ? "" : item.alt}
        sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 100vw"
        width={item.width}
        height={item.height}
        intrinsic={item.width}
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4 text-sm">
        <p className="break-words font-semibold text-slate-900">
          {item.original_name || t("mediaLibrary.card.untitled")}
        </p>
        <p className="text-slate-700">
          {t("mediaLibrary.card.stored", {
            width: item.width,
            height: item.height,
            size: kilobytes(item.bytes),
            date: shortDate(item.created_at, locale),
          })}
        </p>
        {item.width < recommendedWidth ? (
          <p className="rounded-md bg-amber-50 px-2 py-1 text-amber-900">
            {t("mediaLibrary.card.small", { width: recommendedWidth })}
          </p>
        ) : null}
        <div>
          <p className="font-medium text-slate-800">{t("mediaLibrary.card.usedBy")}</p>
          {used ? (
            <ul className="mt-1 list-disc pl-5">
              {item.usedBy.map((user) => (
                <li key={user.to}>
                  {t(`mediaLibrary.card.kinds.${user.kind}`)}:{" "}
                  {/* At least 24 px tall: titles stacked in a list are touch targets (WCAG 2.5.8). */}
                  <Link
                    to={user.to}
                    className="inline-block min-h-6 py-0.5 text-brand-700 underline"
                  >
                    {user.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-slate-600">{t("mediaLibrary.card.notUsed")}</p>
          )}
        </div>
        <label className="block">
          <span className="font-medium text-slate-800">{t("mediaLibrary.card.url")}</span>
          <input
            readOnly
            value={item.url}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-100 px-2 py-1.5 font-mono text-xs text-slate-900"
          />
        </label>
        <MediaAltForm
          image={{
            hash: item.hash,
            alt: item.alt,
            altTranslations: altTranslationsOf(item.alt_translations),
            decorative: item.decorative,
          }}
          action={action}
          canDelete={!used}
          reply={reply}
          message={message}
        />
      </div>
    </li>
  );
}
