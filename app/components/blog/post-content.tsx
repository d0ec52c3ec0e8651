/** Typography for post HTML (headings, lists, quotes, code, tables, images). */
const prose = [
  // Long words, URLs and code wrap instead of pushing the page sideways on a phone.
  "min-w-0 text-lg leading-8 text-slate-700 [overflow-wrap:anywhere]",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-slate-900",
  "[&_p]:mt-5 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:pl-5 [&_blockquote]:text-slate-800 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-base",
  "[&_pre]:mt-5 [&_pre]:max-w-full [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100 [&_pre]:[overflow-wrap:normal]",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
  "[&_iframe]:max-w-full [&_video]:h-auto [&_video]:max-w-full",
  // Wide tables scroll within the article, never the page.
  "[&_table]:mt-6 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:p-2",
  "[&_hr]:my-10",
].join(" ");

/** The post body: HTML already sanitized with the allow-list by the loader. */
export function PostContent({ html, lang }: { html: string; lang?: string }) {
  return (
    <div
      lang={lang}
      className={prose}
      data-testid="post-content"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizePostHtml in the loader
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
