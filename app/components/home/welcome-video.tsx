import type { SyntheticEvent } from "react";
import { SvgIcon } from "~/components/icons";
import { useT } from "~/i18n/use-t";

const POSTER = "/video/welcome-poster.jpg";

/**
 * A short welcome clip: local files, poster, English captions; nothing loads until played.
 * The poster is a button (a `<details>` summary, so it works without JavaScript) that opens the
 * player: Chromium's video controls, once rendered, animate for ~1.5 s after the page loads and
 * repaint the whole page every frame — half of the home page's blocking time on a phone
 * (bench/README.md, "Lighthouse"). With JavaScript the clip starts at once; without, the visitor
 * presses the player's own play button.
 */
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
        <details className="group mt-10" onToggle={playOnOpen}>
          <summary className="relative block cursor-pointer overflow-hidden rounded-2xl bg-slate-900 shadow-lg group-open:hidden">
            <img
              src={POSTER}
              alt={t("home.videoPlay")}
              width={1280}
              height={720}
              loading="lazy"
              decoding="async"
              className="aspect-video w-full"
            />
            <span className="pointer-events-none absolute inset-0 m-auto flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow-lg">
              <SvgIcon name="play" width={28} height={28} />
            </span>
          </summary>
          <video
            className="aspect-video w-full rounded-2xl bg-slate-900 shadow-lg"
            controls
            preload="none"
            playsInline
            width={1280}
            height={720}
            poster={POSTER}
            aria-label={t("home.videoLabel")}
          >
            <source src="/video/welcome.webm" type="video/webm" />
            <source src="/video/welcome.mp4" type="video/mp4" />
            <track
              kind="captions"
              src="/video/welcome.en.vtt"
              srcLang="en"
              label="English"
              default
            />
            {t("home.videoFallback")} <a href="/video/welcome.mp4">{t("home.videoDownload")}</a>.
          </video>
        </details>
      </div>
    </section>
  );
}

/** Opened by the poster's click or key: focus the player and start the clip. */
function playOnOpen(event: SyntheticEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  const video = details.open ? details.querySelector("video") : null;
  if (!video) return;
  video.focus();
  // A browser that refuses to start it leaves the player shown, paused, for the visitor's click.
  video.play().catch(() => undefined);
}
