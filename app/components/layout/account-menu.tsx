import { Form } from "react-router";
import { SvgIcon } from "~/components/icons";
import type { SessionUser } from "~/domain/accounts/session-user";
import { useT } from "~/i18n/use-t";
import { ShellLink } from "./shell-links";
import { useDisclosure } from "./use-disclosure";
import { UserAvatar } from "./user-avatar";

/** Wide-screen account menu: a <details> dropdown, so it opens without JavaScript. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const ref = useDisclosure();
  const t = useT();
  return (
    <details ref={ref} className="relative">
      <summary className="flex cursor-pointer items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-slate-100">
        <UserAvatar user={user} />
        <span className="max-w-48 truncate text-sm text-slate-700">{user.email}</span>
        <SvgIcon name="chevronDown" width={16} height={16} />
        <span className="sr-only">{t("nav.accountMenu")}</span>
      </summary>
      <div className="absolute right-0 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        <ShellLink className="block px-4 py-2 text-sm hover:bg-slate-100" to={t.path("/profile")}>
          {t("nav.profile")}
        </ShellLink>
        <ShellLink className="block px-4 py-2 text-sm hover:bg-slate-100" to={t.path("/dashboard")}>
          {t("nav.dashboard")}
        </ShellLink>
        <Form method="post" action={t.path("/logout")}>
          <button
            type="submit"
            className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100"
          >
            {t("nav.signOut")}
          </button>
        </Form>
      </div>
    </details>
  );
}
