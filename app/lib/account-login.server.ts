import { data, type RouterContextProvider, redirect } from "react-router";
import type { FormActionData } from "~/components/auth/form-state";
import {
  enabledOAuthProviders,
  type OAuthProvider,
  signInWithPassword,
  startOAuth,
} from "./account-auth.server";
import { sessionOnlyCookie } from "./account-cookies.server";
import { failedForm, invalidForm, rateLimited } from "./account-forms.server";
import { getSupabase } from "./auth.server";
import { loginSchema } from "./auth-schemas.server";
import { parseForm, readFormData } from "./forms.server";
import { safeRedirectPath } from "./safe-redirect";
import { setSessionOnly } from "./supabase.server";

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** POST /login: password sign-in (or the start of an OAuth sign-in). */
export async function loginAction({ request, context }: ActionArgs) {
  const formData = await readFormData(request);
  if (formData.get("intent") === "oauth") return oauthAction(formData, context);
  const submission = parseForm(formData, loginSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { email, password, remember, redirectTo } = submission.value;
  const limited = await rateLimited("login", request, submission, [email]);
  if (limited) return limited;

  const supabase = getSupabase(context);
  const sessionOnly = remember !== "on";
  setSessionOnly(supabase, sessionOnly);
  const failure = await signInWithPassword(supabase, email, password);
  if (failure) return failedForm(submission, failure);
  return redirect(safeRedirectPath(redirectTo), {
    headers: { "Set-Cookie": sessionOnlyCookie(sessionOnly) },
  });
}

async function oauthAction(formData: FormData, context: ActionArgs["context"]) {
  const provider = formData.get("provider");
  const enabled = enabledOAuthProviders();
  if (typeof provider !== "string" || !enabled.includes(provider as OAuthProvider)) {
    return data<FormActionData>(
      { formError: "This sign-in provider is not available yet." },
      { status: 400 },
    );
  }
  const next = safeRedirectPath(formData.get("redirectTo"));
  const result = await startOAuth(getSupabase(context), provider as OAuthProvider, next);
  if ("message" in result) {
    return data<FormActionData>({ formError: result.message }, { status: result.status });
  }
  return redirect(result.url);
}
