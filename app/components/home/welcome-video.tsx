/** A short welcome clip: local files, poster, English captions; nothing loads until played. */
export function WelcomeVideo() {
  return (
    <section aria-labelledby="welcome-heading" className="bg-white px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-4xl text-center">
        <h2 id="welcome-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Welcome to our studio
        </h2>
        <p className="mt-3 text-lg text-slate-600">
          A short look at how we plan, build and launch digital products.
        </p>
        <video
          className="mt-10 aspect-video w-full rounded-2xl bg-slate-900 shadow-lg"
          controls
          preload="none"
          playsInline
          width={1280}
          height={720}
          poster="/video/welcome-poster.jpg"
          aria-label="Welcome video"
        >
          <source src="/video/welcome.webm" type="video/webm" />
          <source src="/video/welcome.mp4" type="video/mp4" />
          <track kind="captions" src="/video/welcome.en.vtt" srcLang="en" label="English" default />
          Your browser cannot play this video.{" "}
          <a href="/video/welcome.mp4">Download the welcome video</a>.
        </video>
      </div>
    </section>
  );
}
