import { Link, useLocation } from "react-router";
import type { Person } from "~/domain/admin/people.server";
import { useT } from "~/i18n/use-t";
import { formatShortDate } from "~/lib/dates";
import { useSiteConfig } from "~/lib/site-config";
import { linkClass, stacked } from "./admin-page";
import { StackedTable } from "./stacked-table";

/** A link to one of the page's panels about `person` (`?<param>=<id>`), keeping the filters. */
function PanelLink({ person, param, label }: { person: Person; param: string; label: string }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  for (const name of ["grant", "revoke", "role"]) params.delete(name);
  params.set(param, person.id);
  return (
    <Link
      to={`?${params.toString()}`}
      className={linkClass}
      aria-label={`${label}: ${person.email}`}
    >
      {label}
    </Link>
  );
}

function RightsLink({ person, me }: { person: Person; me: string }) {
  if (person.is_admin && person.id === me) return <span className="text-slate-600">You</span>;
  const label = person.is_admin ? "Revoke admin" : "Make admin";
  return <PanelLink person={person} param={person.is_admin ? "revoke" : "grant"} label={label} />;
}

/**
 * Accounts: e-mail, name, confirmed, admin, agency role, created, last sign-in, and the rights
 * and role links.
 */
export function PeopleTable({ people, me }: { people: Person[]; me: string }) {
  const { timeZone } = useSiteConfig();
  const t = useT();
  const roleColumn = t("people.role.column");
  return (
    <StackedTable
      caption="Accounts, newest first"
      columns={["Account", "Confirmed", "Admin", roleColumn, "Created", "Last sign-in", ""]}
    >
      {people.map((person) => (
        <tr key={person.id} className={stacked.row} data-testid={`person-${person.email}`}>
          <td data-label="Account" className={stacked.cell}>
            <span>
              <span className="block font-medium text-slate-900">{person.email}</span>
              {person.full_name ? (
                <span className="block text-slate-600">{person.full_name}</span>
              ) : null}
            </span>
          </td>
          <td data-label="Confirmed" className={stacked.cell}>
            {person.confirmed ? "Yes" : "No"}
          </td>
          <td data-label="Admin" className={stacked.cell}>
            {person.is_admin ? "Admin" : "No"}
          </td>
          <td data-label={roleColumn} className={stacked.cell}>
            {t(`people.role.${person.agency_role}`)}
          </td>
          <td data-label="Created" className={stacked.cell}>
            {formatShortDate(person.created_at, timeZone)}
          </td>
          <td data-label="Last sign-in" className={stacked.cell}>
            {formatShortDate(person.last_sign_in_at, timeZone) || "Never"}
          </td>
          <td data-label="" className={stacked.cell}>
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              <RightsLink person={person} me={me} />
              <PanelLink person={person} param="role" label={t("people.role.change")} />
            </span>
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
