import { Link } from "react-router";
import { useT } from "~/i18n/use-t";

export interface SwitchableOrganisation {
  id: string;
  name: string;
  /** "2 unread messages" in its projects' threads (null: none). */
  unreadText?: string | null;
}

/**
 * For a person in several client organisations: each of them as a link to its page (the one
 * shown marked as current), so they switch between them without JavaScript. Nothing for a
 * person in one or none.
 */
export function OrganisationSwitcher({
  organisations,
  current,
}: {
  organisations: readonly SwitchableOrganisation[];
  current?: string;
}) {
  const t = useT();
  if (organisations.length < 2) return null;
  return (
    <nav aria-labelledby="organisation-switcher" className="mb-8">
      <p id="organisation-switcher" className="mb-2 text-sm font-semibold text-slate-700">
        {t("projects.switchOrganisation")}
      </p>
      <ul className="flex flex-wrap gap-2">
        {organisations.map((organisation) => {
          const here = organisation.id === current;
          return (
            <li key={organisation.id} className="max-w-full">
              <Link
                to={t.path(`/organisations/${organisation.id}`)}
                aria-current={here ? "page" : undefined}
                className={`inline-flex min-h-11 max-w-full items-center rounded-full border px-4 py-2 text-sm font-semibold [overflow-wrap:anywhere] ${
                  here
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white text-brand-700 hover:bg-brand-50"
                }`}
              >
                {organisation.name}
                {organisation.unreadText ? (
                  <span className="ms-2 font-normal">· {organisation.unreadText}</span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
