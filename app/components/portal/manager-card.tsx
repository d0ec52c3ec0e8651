import { linkClass } from "~/components/admin/admin-page";
import type { ManagerCard as Manager } from "~/domain/portal/project-manager.server";
import { photoFocusClass } from "~/domain/site/photo-focus";
import { useT } from "~/i18n/use-t";
import { MediaPicture } from "../media/media-picture";

/**
 * The agency person who runs the project, on the client's project page: photo, name and role,
 * and their phone as a call link and a WhatsApp link (each a target a finger can hit).
 */
export function ManagerCard({ manager }: { manager: Manager }) {
  const t = useT();
  return (
    <section
      aria-labelledby="project-manager"
      className="mb-10 flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {manager.photo ? (
        <MediaPicture
          src={manager.photo}
          sizes="64px"
          width={64}
          height={64}
          className={`h-16 w-16 shrink-0 rounded-full object-cover ${photoFocusClass(manager.photoFocus)}`}
        />
      ) : null}
      <div className="min-w-0">
        <h2 id="project-manager" className="text-sm font-semibold text-slate-700">
          {t("projects.managerHeading")}
        </h2>
        <p className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">{manager.name}</p>
        {manager.role ? <p className="text-sm text-brand-700">{manager.role}</p> : null}
        {manager.phone ? (
          <p className="mt-1 flex flex-wrap gap-x-4">
            <a href={manager.phone.tel} className={linkClass}>
              {t("projects.managerCall", { phone: manager.phone.display })}
            </a>
            <a href={manager.phone.whatsapp} className={linkClass} rel="noopener noreferrer">
              {t("projects.managerWhatsapp")}
            </a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
