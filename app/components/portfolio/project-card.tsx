import type { MouseEvent } from "react";
import type { LocalProject } from "~/domain/site/localize.server";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { ProjectImage } from "./project-image";

/** A project: image, category badge, title, client, description, tags and 'View Details'. */
export function ProjectCard({
  project,
  detailsHref,
  onViewDetails,
}: {
  project: LocalProject;
  detailsHref: string;
  onViewDetails: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const t = useT();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <ProjectImage src={project.image} />
      <div className="flex flex-1 flex-col p-5">
        <div>
          <span
            className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800"
            lang={langOf(project, "categoryLabel")}
          >
            {project.categoryLabel}
          </span>
        </div>
        <h2 className="mt-3 text-lg font-semibold text-slate-900" lang={langOf(project, "title")}>
          {project.title}
        </h2>
        <p className="mt-1 text-sm font-medium text-slate-600">
          {t("portfolio.client", { client: project.client })}
        </p>
        <p className="mt-3 flex-1 text-slate-700" lang={langOf(project, "description")}>
          {project.description}
        </p>
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("portfolio.tags")}>
          {project.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700">
              {tag}
            </li>
          ))}
        </ul>
        <a
          href={detailsHref}
          onClick={onViewDetails}
          className="mt-5 inline-flex items-center justify-center rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          aria-label={t("portfolio.viewDetailsOf", { title: project.title })}
        >
          {t("portfolio.viewDetails")}
        </a>
      </div>
    </article>
  );
}
