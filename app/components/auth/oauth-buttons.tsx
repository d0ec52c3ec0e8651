import { Form } from "react-router";

export type OAuthProviderName = "google" | "github";

const LABELS: Record<OAuthProviderName, string> = { google: "Google", github: "GitHub" };

/**
 * "Or continue with" Google / GitHub. An enabled provider is a POST to the login action, which
 * starts the OAuth flow; a provider not enabled by config is shown disabled, saying so.
 */
export function OAuthButtons({
  enabled,
  redirectTo,
}: {
  enabled: OAuthProviderName[];
  redirectTo?: string;
}) {
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <span className="h-px flex-1 bg-slate-200" />
        <span>Or continue with</span>
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {(["google", "github"] as const).map((provider) =>
          enabled.includes(provider) ? (
            <Form key={provider} method="post" action="/login">
              <input type="hidden" name="intent" value="oauth" />
              <input type="hidden" name="redirectTo" value={redirectTo ?? "/"} />
              <button
                type="submit"
                name="provider"
                value={provider}
                className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium text-slate-800 hover:bg-slate-50"
              >
                {LABELS[provider]}
              </button>
            </Form>
          ) : (
            <DisabledProvider key={provider} provider={provider} />
          ),
        )}
      </div>
    </div>
  );
}

function DisabledProvider({ provider }: { provider: OAuthProviderName }) {
  const noteId = `oauth-${provider}-note`;
  return (
    <button
      type="button"
      aria-disabled="true"
      aria-describedby={noteId}
      title={`Sign-in with ${LABELS[provider]} is not available yet`}
      className="flex w-full cursor-not-allowed flex-col items-center rounded-lg border border-slate-200 bg-slate-100 px-4 py-2 text-slate-700"
    >
      <span className="font-medium">{LABELS[provider]}</span>
      <span id={noteId} className="text-xs">
        Not available yet
      </span>
    </button>
  );
}
