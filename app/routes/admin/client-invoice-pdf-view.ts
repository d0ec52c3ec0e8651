import { invoicePdfView } from "~/web/client-view-pages.server";
import type { Route } from "./+types/client-invoice-pdf-view";

/**
 * GET /admin/clients/:id/view/invoices/:invoiceId/pdf: the invoice's PDF as the client's members
 * download it, read as one of them and audited; another client's invoice or a draft is 404.
 */
export function loader(args: Route.LoaderArgs) {
  return invoicePdfView(args);
}
