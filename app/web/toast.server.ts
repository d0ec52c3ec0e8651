import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { COOKIES } from "~/infra/cookie-names";
import { signedCookieStorage } from "~/infra/cookies.server";
import type { Toast } from "~/lib/toast";

/** Flash toasts: a signed cookie that survives one redirect and is destroyed when read. */
const toastStorage = signedCookieStorage<{ toast: Toast }>(COOKIES.toast);

export type ToastInput = Omit<Toast, "id"> & { id?: string };

/** The subject of a toast shown after a redirect: what it says, or the page it leads to. */
function subjectOf(url: string): string {
  return url.split(/[?#]/, 1)[0] || "/";
}

export async function toastCookie(toast: ToastInput): Promise<string> {
  const storage = toastStorage();
  const session = await storage.getSession();
  session.flash("toast", { id: randomUUID(), ...toast });
  return storage.commitSession(session);
}

/** `redirect(url)` that shows `toast` on the next page (with and without JS). */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  init?: ResponseInit,
): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append(
    "Set-Cookie",
    await toastCookie({ ...toast, subject: toast.subject ?? subjectOf(url) }),
  );
  return redirect(url, { ...init, headers });
}

/** Reads the flash toast of this request; `headers` clears the cookie (send them back). */
export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${COOKIES.toast}=`)) return { toast: null, headers };
  const storage = toastStorage();
  const session = await storage.getSession(cookie);
  const toast = session.get("toast") ?? null;
  headers.append("Set-Cookie", await storage.destroySession(session));
  return { toast, headers };
}

export function makeToast(toast: ToastInput): Toast {
  return { id: randomUUID(), ...toast };
}
