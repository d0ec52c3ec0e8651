import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";

/** The link from an organisation's or a project's page to the organisation's invoices. */
export function ClientInvoicesLink({ href, text }: { href: string; text: string }) {
  return (
    <Link to={href} className={`font-semibold ${linkClass}`} data-invoices-link="">
      {text}
    </Link>
  );
}
