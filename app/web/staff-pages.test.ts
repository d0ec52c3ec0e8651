import { describe, expect, it } from "vitest";
import { staffMayOpen } from "./staff-pages";

describe("the admin pages staff open", () => {
  it("are their clients' quotes, invoices and payments", () => {
    for (const path of [
      "/admin/quotes",
      "/admin/quotes/new",
      "/admin/quotes/12",
      "/admin/invoices",
      "/admin/invoices/",
      "/admin/invoices.csv",
      "/admin/invoices/7",
      "/admin/invoices/7/pdf",
      "/admin/payments",
      "/admin/clients/0b7c/invoices/new",
    ]) {
      expect(staffMayOpen(path), path).toBe(true);
    }
  });

  it("are nothing else of the admin area", () => {
    for (const path of [
      "/admin",
      "/admin/billing",
      "/admin/people",
      "/admin/clients",
      "/admin/clients/0b7c",
      "/admin/clients/0b7c/projects/1",
      "/admin/messages/3",
      "/admin/quotes/1/extra",
      "/admin/invoices/7/pdf/x",
      "/admin/payments/1",
      "/admin/paymentsx",
      "/admin/services",
    ]) {
      expect(staffMayOpen(path), path).toBe(false);
    }
  });
});
