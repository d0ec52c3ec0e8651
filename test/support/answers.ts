/**
 * Reading what a loader or action answered — returned or thrown: a redirect Response or
 * `data(payload, init)`.
 */

import type { FormReply } from "~/lib/form-reply";
import { getToast } from "~/web/toast.server";
import { cookieHeaderFrom } from "./route-args";

/** Runs a loader/action and returns what it returned or threw. */
export async function settle(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

export function asResponse(value: unknown): Response {
  if (!(value instanceof Response))
    throw new Error(`expected a Response, got ${JSON.stringify(value)}`);
  return value;
}

/** `data(payload, init)` as the router produces it (a form reply unless told otherwise). */
export function asData<T = FormReply & Record<string, unknown>>(
  value: unknown,
): { data: T; status: number; headers: Headers } {
  const v = value as {
    type?: string;
    data?: T;
    init?: { status?: number; headers?: HeadersInit } | null;
  };
  if (v?.type !== "DataWithResponseInit") throw new Error(`expected data(), got ${String(value)}`);
  return {
    data: v.data as T,
    status: v.init?.status ?? 200,
    headers: new Headers(v.init?.headers),
  };
}

/** The flash toast a redirect carries. */
export async function toastOf(response: Response) {
  const cookie = cookieHeaderFrom(response.headers.getSetCookie());
  const { toast } = await getToast(
    new Request("http://localhost/", { headers: { Cookie: cookie } }),
  );
  return toast;
}
