import { SvgIcon } from "~/components/icons";
import { useT } from "~/i18n/use-t";
import { CopyLink } from "./copy-link";

/** Share on X, LinkedIn and Facebook (plain share URLs), plus copy-link. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const t = useT();
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const links = [
    {
      label: t("blog.shareX"),
      short: "X",
      href: `https://x.com/intent/tweet?url=${u}&text=${text}`,
    },
    {
      label: t("blog.shareLinkedIn"),
      short: "in",
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    },
    {
      label: t("blog.shareFacebook"),
      short: "f",
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    },
  ];
  return (
    <section aria-labelledby="share-heading" className="space-y-3">
      <h2 id="share-heading" className="text-sm font-semibold text-slate-600 uppercase">
        {t("blog.share")}
      </h2>
      <ul className="flex flex-wrap gap-2 lg:flex-col">
        {links.map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 font-bold text-slate-700 hover:border-brand-700 hover:text-brand-700"
            >
              <span aria-hidden="true">{link.short}</span>
              <span className="sr-only">{link.label}</span>
            </a>
          </li>
        ))}
        <li>
          <CopyLink url={url} icon={<SvgIcon name="link" width={18} height={18} />} />
        </li>
      </ul>
    </section>
  );
}
