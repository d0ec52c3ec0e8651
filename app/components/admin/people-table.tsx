import { Link, useLocation } from "react-router";
import type { Person } from "~/domain/admin/people.server";
import { formatShortDate } from "~/lib/dates";
import { linkClass, stacked } from "./admin-page";
import { EmptyList } from "./confirm-step";

function RightsLink({ person, me }: { person: Person; me: string }) {
  const { search } = useLocation();
  if (person.is_admin && person.id === me) return <span className="text-slate-600">You</span>;
  const params = new URLSearchParams(search);
  params.delete("grant");
  params.delete("revoke");
  params.set(person.is_admin ? "revoke" : "grant", person.id);
  const label = person.is_admin ? "Revoke admin" : "Make admin";
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

/** Accounts: e-mail, name, confirmed, admin, created, last sign-in, and the rights link. */
export function PeopleTable({ people, me }: { people: Person[]; me: string }) {
  if (people.length === 0) return <EmptyList>No accounts match.</EmptyList>;
  const columns = ["Account", "Confirmed", "Admin", "Created", "Last sign-in"];
  return (
    <div className={stacked.frame}>
      <table className={stacked.table}>
        <caption className="sr-only">Accounts, newest first</caption>
        <thead className={stacked.head}>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={stacked.th}>
                {column}
              </th>
            ))}
            <th scope="col" className={stacked.th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
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
              <td data-label="Created" className={stacked.cell}>
                {formatShortDate(person.created_at)}
              </td>
              <td data-label="Last sign-in" className={stacked.cell}>
                {formatShortDate(person.last_sign_in_at) || "Never"}
              </td>
              <td data-label="" className={stacked.cell}>
                <RightsLink person={person} me={me} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
