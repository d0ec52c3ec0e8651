import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { SvgIcon } from "~/components/icons";
import type { LocalProject } from "~/domain/site/localize.server";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";

function DetailsBody({ project, headingId }: { project: LocalProject; headingId: string }) {
  const t = useT();
  return (
    <>
      {project.image ? (
        <img
          src={project.image}
          alt=""
          width={800}
          height={500}
          className="aspect-[8/5] w-full rounded-xl object-cover"
        />
      ) : null}
      <p
        className="mt-5 text-sm font-semibold text-brand-700"
        lang={langOf(project, "categoryLabel")}
      >
        {project.categoryLabel}
      </p>
      <h2
        id={headingId}
        className="mt-1 text-2xl font-bold text-slate-900"
        lang={langOf(project, "title")}
      >
        {project.title}
      </h2>
      <p className="mt-1 font-medium text-slate-600">
        {t("portfolio.client", { client: project.client })}
      </p>
      <p className="mt-4 text-slate-700" lang={langOf(project, "description")}>
        {project.description}
      </p>
      <h3 className="mt-5 font-semibold text-slate-900">{t("portfolio.challenge")}</h3>
      <p className="mt-1 text-slate-700" lang={langOf(project, "challenge")}>
        {project.challenge}
      </p>
      <h3 className="mt-5 font-semibold text-slate-900">{t("portfolio.outcome")}</h3>
      <p className="mt-1 text-slate-700" lang={langOf(project, "outcome")}>
        {project.outcome}
      </p>
      <ul className="mt-5 flex flex-wrap gap-2" aria-label={t("portfolio.technologies")}>
        {project.tags.map((tag) => (
          <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700">
            {tag}
          </li>
        ))}
      </ul>
    </>
  );
}

/** With JS: a modal dialog with the project's details (Escape or Close shuts it). */
export function ProjectDialog({
  project,
  onClose,
}: {
  project: LocalProject | null;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const t = useT();
  useEffect(() => {
    const dialog = ref.current;
    if (project && dialog && !dialog.open) dialog.showModal();
  }, [project]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="project-dialog-heading"
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-2xl p-0 backdrop:bg-slate-900/60"
    >
      {project ? (
        <div className="relative p-6">
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="absolute top-3 right-3 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-slate-800 hover:bg-slate-100"
          >
            <SvgIcon name="close" />
            <span className="sr-only">{t("common.close")}</span>
          </button>
          <DetailsBody project={project} headingId="project-dialog-heading" />
        </div>
      ) : null}
    </dialog>
  );
}

/** Without JS: the chosen project's details as a section of the page (?project=…). */
export function ProjectDetailsSection({
  project,
  closeHref,
}: {
  project: LocalProject;
  closeHref: string;
}) {
  const t = useT();
  return (
    <section
      id="project-details"
      aria-labelledby="project-section-heading"
      className="mx-auto mt-12 max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <DetailsBody project={project} headingId="project-section-heading" />
      <Link
        to={closeHref}
        preventScrollReset
        className="mt-6 inline-block font-semibold text-brand-700 hover:text-brand-800"
      >
        {t("portfolio.closeDetails")}
      </Link>
    </section>
  );
}
