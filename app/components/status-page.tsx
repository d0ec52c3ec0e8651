import { Link } from "react-router";

/** What each error status tells the visitor (the 404 has its own screen: `NotFound`). */
const STATUS_COPY: Record<number, { title: string; message: string }> = {
  403: {
    title: "Access denied",
    message: "You do not have permission to see this page.",
  },
  429: {
    title: "Too many attempts",
    message: "Please wait a moment before trying again.",
  },
  503: {
    title: "Temporarily unavailable",
    message: "We couldn't reach one of our services. Please try again in a moment.",
  },
};
const FALLBACK = {
  title: "Something went wrong",
  message: "We're sorry — an unexpected error occurred. Please try again in a moment.",
};

/** The error screen of a status (403, 429, 500, 503, …), with a way home. */
export function StatusPage({
  status,
  message,
  stack,
}: {
  status: number;
  /** A server-provided explanation (e.g. the wait of a rate limit). */
  message?: string;
  stack?: string;
}) {
  const copy = STATUS_COPY[status] ?? FALLBACK;
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center px-4 pt-24 pb-16 text-center">
      <p className="text-5xl font-extrabold text-brand-700">{status}</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{copy.title}</h1>
      <p className="mt-3 max-w-md text-slate-600">{message ?? copy.message}</p>
      <Link
        to="/"
        className="mt-8 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Return to Home
      </Link>
      {stack ? (
        <pre className="mt-8 max-w-full overflow-auto text-left text-xs">{stack}</pre>
      ) : null}
    </section>
  );
}
