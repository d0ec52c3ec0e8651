/**
 * Custom matchers (registered for every Vitest file in vitest.config.ts):
 *   expect(response).toHaveRedirect("/login")
 *   await expect(response).toSendToast({ type: "success", title: "Saved" })
 */
import { expect } from "vitest";
import type { Toast } from "~/lib/toast";
import { toastOf } from "./answers";

declare module "vitest" {
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> {
    toHaveRedirect(location: string, status?: number): void;
    toSendToast(toast: Partial<Toast>): Promise<void>;
  }
}

expect.extend({
  toHaveRedirect(received: unknown, location: string, status?: number) {
    if (!(received instanceof Response)) {
      return {
        pass: false,
        message: () => `expected a redirect Response, got ${JSON.stringify(received)}`,
      };
    }
    const actual = received.headers.get("Location");
    const statusOk =
      status === undefined
        ? received.status >= 300 && received.status < 400
        : received.status === status;
    return {
      pass: actual === location && statusOk,
      message: () =>
        `expected a ${status ?? "3xx"} redirect to ${location}, got ${received.status} to ${actual}`,
    };
  },
  async toSendToast(received: unknown, toast: Partial<Toast>) {
    if (!(received instanceof Response)) {
      return { pass: false, message: () => "expected a Response carrying a toast cookie" };
    }
    const sent = await toastOf(received);
    const pass =
      sent !== null &&
      Object.entries(toast).every(([key, value]) => sent[key as keyof Toast] === value);
    return {
      pass,
      message: () => `expected the toast ${JSON.stringify(toast)}, got ${JSON.stringify(sent)}`,
    };
  },
});
