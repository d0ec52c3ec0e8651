import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useFormAction } from "react-router";
import { useT } from "~/i18n/use-t";

const DEBOUNCE_MS = 400;

/**
 * With JS, the preview follows the content as it is typed: a debounced fetcher posts
 * `intent=preview` to this route's action, which answers the server-sanitized HTML (the
 * sanitizer never ships to the browser). The page's loaders are not revalidated for it.
 * `serverHtml` is the preview the server rendered (on load or after a Preview submit).
 */
export function useLivePreview(serverHtml: string) {
  const fetcher = useFetcher<{ preview?: string }>();
  // This page's action, named when the timer is set: a submit with no action posts to wherever
  // the router already is, and a preview timed after Save posted to /admin/posts (a 405).
  const action = useFormAction();
  const { submit, data: answer } = fetcher;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The newest of the two previews is shown: the server's (on load, after a Preview submit) or
  // the fetcher's answer — worked out while rendering, not copied over in an effect, which React
  // can skip after a router transition (docs/architecture.md, "Effects that follow router data").
  const [shown, setShown] = useState({ serverHtml, answer, html: serverHtml });
  let html = shown.html;
  if (shown.serverHtml !== serverHtml || shown.answer !== answer) {
    if (shown.answer !== answer && typeof answer?.preview === "string") html = answer.preview;
    else if (shown.serverHtml !== serverHtml) html = serverHtml;
    setShown({ serverHtml, answer, html });
  }

  const schedule = useCallback(
    (content: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void submit(
          { intent: "preview", content },
          { method: "post", action, defaultShouldRevalidate: false },
        );
      }, DEBOUNCE_MS);
    },
    [submit, action],
  );
  return { html, schedule, updating: fetcher.state !== "idle" };
}

/** Typography for rendered post HTML (no plugin: arbitrary variants on the container). */
export const POST_HTML_CLASSES =
  "text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-6 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_li]:mt-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_table]:my-4 [&_table]:border-collapse [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_th]:border [&_th]:border-slate-300 [&_th]:px-2 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6";

/** The sanitized content as the blog will show it. */
export function PreviewPanel({ html, updating }: { html: string; updating: boolean }) {
  const t = useT();
  return (
    <section
      aria-labelledby="post-preview-heading"
      className="mt-10 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="post-preview-heading" className="text-xl font-bold text-slate-900">
          {t("postEditor.preview.heading")}
        </h2>
        <p className="text-sm text-slate-600" aria-live="polite">
          {updating ? t("postEditor.preview.updating") : ""}
        </p>
      </div>
      {html ? (
        <div
          data-testid="post-preview"
          className={`mt-4 ${POST_HTML_CLASSES}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML sanitized on the server (allow-list)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <p data-testid="post-preview" className="mt-4 text-slate-600">
          {t("postEditor.preview.empty")}
        </p>
      )}
    </section>
  );
}
