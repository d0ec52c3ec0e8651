import { useT } from "~/i18n/use-t";

/** A short welcome clip: local files, poster, English captions; nothing loads until played. */
export function WelcomeVideo() {
  const t = useT();
  return (
    <section aria-labelledby="welcome-heading" className="bg-white px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-4xl text-center">
        <h2 id="welcome-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          {t("home.videoTitle")}
        </h2>
        <p className="mt-3 text-lg text-slate-600">{t("home.videoText")}</p>
        {t.locale === "en" ? null : (
          <p className="mt-1 text-sm text-slate-600">{t("home.videoCaptionsNote")}</p>
        )}
        <video
          className="mt-10 aspect-video w-full rounded-2xl bg-slate-900 shadow-lg"
          controls
          preload="none"
          playsInline
          width={1280}
          height={720}
          poster="/video/welcome-poster.jpg"
          aria-label={t("home.videoLabel")}
        >
          <source src="/video/welcome.webm" type="video/webm" />
          <source src="/video/welcome.mp4" type="video/mp4" />
          <track kind="captions" src="/video/welcome.en.vtt" srcLang="en" label="English" default />
          {t("home.videoFallback")} <a href="/video/welcome.mp4">{t("home.videoDownload")}</a>.
        </video>
      </div>
    </section>
  );
}
