import { useEffect, useState } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { useIsPending } from "~/components/forms/use-pending";
import { SvgIcon } from "~/components/icons";
import { useT } from "~/i18n/use-t";

/** The dismissal is also remembered in local storage under this key (value "1"). */
export const BANNER_STORAGE_KEY = "email-banner-dismissed";

/**
 * The yellow banner for a signed-in user whose e-mail is not confirmed: Resend (a POST; toast
 * on the next page) and dismiss (a POST that sets a cookie; with JS it also hides at once).
 */
export function EmailBanner() {
  const location = useLocation();
  const here = location.pathname + location.search;
  const resend = useFetcher();
  const sending = useIsPending({ fetcher: resend });
  const [hidden, setHidden] = useState(false);
  const t = useT();
  const action = t.path("/email-banner");
  useEffect(() => {
    if (window.localStorage.getItem(BANNER_STORAGE_KEY) === "1") setHidden(true);
  }, []);
  if (hidden) return null;
  return (
    <aside
      aria-label={t("account.bannerLabel")}
      className="mt-16 border-b border-amber-300 bg-amber-100 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <p className="flex-1 text-sm font-medium">{t("account.bannerText")}</p>
        <resend.Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="redirectTo" value={here} />
          <button
            type="submit"
            name="intent"
            value="resend"
            disabled={sending}
            className="rounded px-2 py-1 text-sm font-semibold underline underline-offset-2 hover:bg-amber-200 disabled:opacity-80"
          >
            {sending ? t("common.sending") : t("account.bannerResend")}
          </button>
        </resend.Form>
        <Form
          method="post"
          action={action}
          preventScrollReset
          onSubmit={() => {
            window.localStorage.setItem(BANNER_STORAGE_KEY, "1");
            setHidden(true);
          }}
        >
          <input type="hidden" name="redirectTo" value={here} />
          <button
            type="submit"
            name="intent"
            value="dismiss"
            className="flex h-8 w-8 items-center justify-center rounded hover:bg-amber-200"
          >
            <SvgIcon name="close" width={18} height={18} />
            <span className="sr-only">{t("account.bannerDismiss")}</span>
          </button>
        </Form>
      </div>
    </aside>
  );
}
