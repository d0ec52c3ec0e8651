import { useNavigate } from "react-router";

/**
 * 'Go Back': a link to the home page in server HTML (works without JS); with JS it goes back in
 * history when there is somewhere to go back to.
 */
export function GoBackButton({
  label = "Go Back",
  fallback = "/",
}: {
  label?: string;
  fallback?: string;
}) {
  const navigate = useNavigate();
  return (
    <a
      href={fallback}
      onClick={(event) => {
        if (window.history.length > 1) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-100"
    >
      {label}
    </a>
  );
}
