import { randomBytes, randomUUID } from "node:crypto";
import { createCookieSessionStorage, redirect } from "react-router";
import { isSecureSite } from "./supabase.server";
import type { Toast } from "./toast";

const secret = process.env.SESSION_SECRET || randomBytes(32).toString("hex");

/** Flash toasts: a signed cookie that survives one redirect and is destroyed when read. */
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecureSite(),
    secrets: [secret],
  },
});

export type ToastInput = Omit<Toast, "id"> & { id?: string };

export async function toastCookie(toast: ToastInput): Promise<string> {
  const session = await toastStorage.getSession();
  session.flash("toast", { id: randomUUID(), ...toast });
  return toastStorage.commitSession(session);
}

/** `redirect(url)` that shows `toast` on the next page (with and without JS). */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  init?: ResponseInit,
): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the flash toast of this request; `headers` clears the cookie (send them back). */
export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("toast=")) return { toast: null, headers };
  const session = await toastStorage.getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  headers.append("Set-Cookie", await toastStorage.destroySession(session));
  return { toast, headers };
}

export function makeToast(toast: ToastInput): Toast {
  return { id: randomUUID(), ...toast };
}
