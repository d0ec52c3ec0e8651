import type { LocalService } from "~/domain/site/localize.server";
import { siteContent } from "~/domain/site/snapshot.server";
import { dateTime, shortDate } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import type { ProjectPost } from "./project-posts.server";
import type { ProjectSummary } from "./projects.server";

/** A project as a list shows it, every text in the page's language. */
export interface ProjectRow {
  id: number;
  title: string;
  status: ProjectSummary["status"];
  statusText: string;
  /** The service's name and the step of its process reached ("Step 2 of 4: Concepts"). */
  serviceText: string | null;
  stageText: string | null;
  due: { iso: string; text: string } | null;
  progressText: string;
  nextDueText: string | null;
}

/** A service a project may be for, as the agency's forms offer it: its name and its steps. */
export interface ServiceOption {
  id: string;
  title: string;
  steps: string[];
  /** How many steps (what the forms' schemas check a chosen step against). */
  stepCount: number;
}

/** The site's services now, in `locale` (none while the content is unavailable). */
export async function serviceOptions(locale: Locale): Promise<ServiceOption[]> {
  const services = await siteContent(locale)
    .then((content) => content.services)
    .catch(() => [] as readonly LocalService[]);
  return services.map(({ id, title, process }) => ({
    id,
    title,
    steps: process.map((step) => step.title),
    stepCount: process.length,
  }));
}

/** The services as the schemas check them. */
export const serviceChoices = (options: readonly ServiceOption[]) =>
  options.map((option) => ({ id: option.id, steps: option.stepCount }));

const day = (iso: string, locale: Locale) => shortDate(`${iso}T12:00:00Z`, locale);

/** A date without a time (a due date) for a `<time>`: its ISO form and its words in `locale`. */
export const dueDate = (iso: string | null, locale: Locale) =>
  iso ? { iso, text: day(iso, locale) } : null;

function stageOf(service: LocalService | undefined, stage: number | null, locale: Locale) {
  const step = stage === null ? undefined : service?.process[stage];
  if (!service || stage === null || !step) return null;
  return translator(locale)("projects.stage", {
    step: stage + 1,
    steps: service.process.length,
    name: step.title,
  });
}

/**
 * The projects in `locale`: status and stage in words (the stages the service page promises),
 * dates in the language's format, milestones done of total and the next one due.
 */
export async function projectRows(
  projects: readonly ProjectSummary[],
  locale: Locale,
): Promise<ProjectRow[]> {
  const t = translator(locale);
  const services = await siteContent(locale)
    .then((content) => content.services)
    .catch(() => [] as readonly LocalService[]);
  return projects.map((project) => {
    const service = services.find((candidate) => candidate.id === project.service);
    const { done, total, nextDue } = project.milestones;
    return {
      id: project.id,
      title: project.title,
      status: project.status,
      statusText: t(`projects.${project.status}`),
      serviceText: service?.title ?? null,
      stageText: stageOf(service, project.stage, locale),
      due: dueDate(project.due_on, locale),
      progressText:
        total === 0 ? t("projects.noMilestones") : t("projects.progress", { done, total }),
      nextDueText: nextDue ? t("projects.nextDue", { date: day(nextDue, locale) }) : null,
    };
  });
}

/** Updates or notes as a page lists them: who wrote each, and when, in `locale`. */
export function postRows(posts: readonly ProjectPost[], locale: Locale) {
  const t = translator(locale);
  return posts.map((post) => ({
    id: post.id,
    body: post.body,
    at: post.created_at,
    byline: t("projects.byOn", {
      name: post.author_name || t("projects.agency"),
      date: dateTime(post.created_at, locale, agencyTimeZone(), "short"),
    }),
  }));
}
