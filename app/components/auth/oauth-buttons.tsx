import { Form } from "react-router";
import { useT } from "~/i18n/use-t";

export type OAuthProviderName = "google" | "github";

const LABELS: Record<OAuthProviderName, string> = { google: "Google", github: "GitHub" };

/**
 * "Or continue with" Google / GitHub: only the providers enabled by config (`OAUTH_PROVIDERS`),
 * each a POST to the login action that starts the OAuth flow; nothing at all when none is.
 */
export function OAuthButtons({
  enabled,
  redirectTo,
}: {
  enabled: OAuthProviderName[];
  redirectTo?: string;
}) {
  const t = useT();
  if (enabled.length === 0) return null;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <span className="h-px flex-1 bg-slate-200" />
        <span>{t("auth.orContinue")}</span>
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {enabled.map((provider) => (
          <Form key={provider} method="post" action={t.path("/login")}>
            <input type="hidden" name="intent" value="oauth" />
            <input type="hidden" name="redirectTo" value={redirectTo ?? t.path("/")} />
            <button
              type="submit"
              name="provider"
              value={provider}
              className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium text-slate-800 hover:bg-slate-50"
            >
              {LABELS[provider]}
            </button>
          </Form>
        ))}
      </div>
    </div>
  );
}
