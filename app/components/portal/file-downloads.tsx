import { useT } from "~/i18n/use-t";

/** Who of the client's people downloaded a file (the agency's Files page only). */
export interface FileDownloadsRow {
  count: number;
  /** "Downloaded 3 times by the client", or that nobody did (worded by the server). */
  label: string;
  /** Newest first; `when` in the agency's time zone. */
  latest: { person: string; email: string; at: string; when: string }[];
}

/**
 * A file's downloads by the client's people, folded: "Downloaded 3 times by the client" opens
 * (a plain <details>, no JavaScript) on who and when, the latest first; "Not downloaded by the
 * client yet" when nobody did.
 */
export function FileDownloads({ downloads, name }: { downloads: FileDownloadsRow; name: string }) {
  const t = useT();
  if (!downloads.count) {
    return (
      <p className="w-full text-sm text-slate-700" data-file-downloads={name}>
        {downloads.label}
      </p>
    );
  }
  return (
    <details className="w-full text-sm text-slate-800" data-file-downloads={name}>
      <summary className="min-h-6 cursor-pointer font-medium text-brand-800 underline">
        {downloads.label}
      </summary>
      <ul className="mt-2 space-y-1 ps-4">
        {downloads.latest.map((download) => (
          <li key={`${download.at}-${download.email}`} data-file-download="">
            <span className="font-medium">{download.person}</span>
            {download.email && download.email !== download.person ? ` (${download.email})` : ""}
            {" · "}
            <time dateTime={download.at}>{download.when}</time>
          </li>
        ))}
      </ul>
      {downloads.count > downloads.latest.length ? (
        <p className="mt-1 ps-4 text-slate-700">
          {t("projectFiles.downloadsLatest", { shown: downloads.latest.length })}
        </p>
      ) : null}
    </details>
  );
}
