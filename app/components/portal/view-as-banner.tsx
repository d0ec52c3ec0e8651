import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { useT } from "~/i18n/use-t";

/**
 * Over a client's portal the agency views as its members see it: says so, and leads back to the
 * agency's own page of it.
 */
export function ViewAsBanner({ name, back }: { name: string; back: string }) {
  const t = useT();
  return (
    <div className="mb-8 rounded-lg border-2 border-amber-600 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold [overflow-wrap:anywhere]">{t("viewAs.banner", { name })}</p>
      <p className="mt-1">
        <Link to={back} className={linkClass}>
          {t("viewAs.back", { name })}
        </Link>
      </p>
    </div>
  );
}

/**
 * Where the members have a form the agency's read-only view leaves out (an upload, paying,
 * answering a quote): what they can do there, so the page is not mistaken for one without it.
 */
export function ViewAsOmitted({ text }: { text: string }) {
  return (
    <p
      className="mt-8 rounded-lg border border-dashed border-amber-600 bg-amber-50 p-4 text-amber-950"
      data-view-omitted=""
    >
      {text}
    </p>
  );
}
