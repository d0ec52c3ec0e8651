/**
 * Shared set-up of the admin integration tests (on top of helpers/answers.ts): ordinary users
 * besides the seeded admin, and route args for `/admin/posts/:id`.
 */
import type { TestBackend } from "../../supabase/local/testing.ts";
import { asDataOf, serviceClient, signInAs, startAppBackend, uniqueEmail } from "./helpers/answers";
import { routeArgs } from "./helpers/route-args";

export {
  asResponse,
  serviceClient,
  settle,
  toastOf,
  uniqueEmail,
} from "./helpers/answers";

export const startAdminBackend = startAppBackend;
export const signInCookie = signInAs;

export function asData<T = Record<string, unknown>>(value: unknown) {
  return asDataOf<T>(value);
}

/** A confirmed ordinary user (created with the service role). */
export async function createUser(
  backend: TestBackend,
  options: { userMetadata?: Record<string, unknown>; appMetadata?: Record<string, unknown> } = {},
) {
  const email = uniqueEmail("user");
  const password = "user-password-123";
  const { data, error } = await serviceClient(backend).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: options.userMetadata,
    app_metadata: options.appMetadata,
  });
  if (error) throw new Error(`createUser failed: ${error.message}`);
  return { id: data.user.id, email, password };
}

/** routeArgs for `/admin/posts/:id` (params typed as that route expects). */
export function postRouteArgs(
  path: string,
  id: number | string,
  init: Omit<Parameters<typeof routeArgs>[1] & object, "params"> = {},
) {
  const { args, setCookies } = routeArgs(path, { ...init, params: { id: String(id) } });
  return { args: args as typeof args & { params: { id: string } }, setCookies };
}
