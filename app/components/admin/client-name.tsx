import { Link } from "react-router";
import { useStaffSections } from "./admin-nav";
import { linkClass } from "./admin-page";

/**
 * A client's name on an admin page: a link to the client's page for administrators; plain text
 * for staff, whose pages do not include the client's (app/web/staff-pages.ts).
 */
export function ClientName({ id, name }: { id: string; name: string }) {
  const staff = useStaffSections() !== null;
  if (staff) return <span className="font-semibold text-slate-900">{name}</span>;
  return (
    <Link to={`/admin/clients/${id}`} className={linkClass}>
      {name}
    </Link>
  );
}
