/** The title block at the top of an inner page (below the fixed nav). */
export function PageHeading({
  title,
  subtitle,
  lang,
}: {
  title: string;
  subtitle?: string;
  /** The title's language when it is not the page's (an untranslated document's). */
  lang?: string;
}) {
  return (
    <header className="bg-brand-900 px-4 pt-28 pb-14 text-center text-white">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl" lang={lang}>
        {title}
      </h1>
      {subtitle ? <p className="mx-auto mt-3 max-w-2xl text-brand-100">{subtitle}</p> : null}
    </header>
  );
}
