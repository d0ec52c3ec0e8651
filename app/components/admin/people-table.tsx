import { Link, useLocation } from "react-router";
import type { Person } from "~/domain/admin/people.server";
import { shortDate } from "~/i18n/format";
import { useT } from "~/i18n/use-t";
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
  const t = useT();
  if (person.is_admin && person.id === me) {
    return <span className="text-slate-600">{t("adminOffice.people.you")}</span>;
  }
  const label = t(person.is_admin ? "adminOffice.people.revoke" : "adminOffice.people.grant");
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
  const account = t("adminOffice.people.account");
  const confirmed = t("adminOffice.people.confirmed");
  const admin = t("adminOffice.people.admin");
  const created = t("adminOffice.people.created");
  const lastSignIn = t("adminOffice.people.lastSignIn");
  const no = t("adminOffice.list.no");
  return (
    <StackedTable
      caption={t("adminOffice.people.caption")}
      columns={[account, confirmed, admin, roleColumn, created, lastSignIn, ""]}
      actionsLabel={t("adminOffice.list.actions")}
    >
      {people.map((person) => (
        <tr key={person.id} className={stacked.row} data-testid={`person-${person.email}`}>
          <td data-label={account} className={stacked.cell}>
            <span>
              <span className="block font-medium text-slate-900">{person.email}</span>
              {person.full_name ? (
                <span className="block text-slate-600">{person.full_name}</span>
              ) : null}
            </span>
          </td>
          <td data-label={confirmed} className={stacked.cell}>
            {person.confirmed ? t("adminOffice.list.yes") : no}
          </td>
          <td data-label={admin} className={stacked.cell}>
            {person.is_admin ? admin : no}
          </td>
          <td data-label={roleColumn} className={stacked.cell}>
            {t(`people.role.${person.agency_role}`)}
          </td>
          <td data-label={created} className={stacked.cell}>
            {shortDate(person.created_at, t.locale, timeZone)}
          </td>
          <td data-label={lastSignIn} className={stacked.cell}>
            {shortDate(person.last_sign_in_at, t.locale, timeZone) || t("adminOffice.list.never")}
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
