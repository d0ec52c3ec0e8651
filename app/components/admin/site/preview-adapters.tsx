/**
 * The ONE adaptation between the site's localized content (app/domain/site/localize.server.ts)
 * and the public page components while these still take app/content's types. Once
 * ServiceDetail, ProjectDetailsSection and LegalPage take the Local* types, these become plain
 * re-exports (or the preview imports the components directly) and this file goes.
 */
import { LegalPage } from "~/components/legal/legal-page";
import { ProjectDetailsSection } from "~/components/portfolio/project-details";
import { ServiceDetail } from "~/components/services/service-detail";
import type { PortfolioProject } from "~/content/portfolio";
import type { Service } from "~/content/services";
import type { LocalLegal, LocalProject, LocalService } from "~/domain/site/localize.server";
import { useSiteConfig } from "~/lib/site-config";

export function ServicePreview({ service }: { service: LocalService }) {
  const adapted = { ...service, image: service.image ?? "" } as unknown as Service;
  return <ServiceDetail service={adapted} />;
}

export function ProjectPreview({ project }: { project: LocalProject }) {
  const adapted = { ...project, image: project.image ?? "" } as unknown as PortfolioProject;
  return <ProjectDetailsSection project={adapted} closeHref="#preview" />;
}

export function LegalPreview({ legal }: { legal: LocalLegal }) {
  const site = useSiteConfig();
  const html = legal.html.replaceAll("{brand}", site.brandName).replaceAll("{email}", site.email);
  return (
    <>
      <LegalPage title={legal.title} sections={[]} />
      <div
        className="mx-auto max-w-3xl px-4 pb-12 text-slate-800 sm:px-6 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_p]:mt-3"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (the posts' allow-list)
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
