import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
} from "react";
import { useLocation, useNavigate } from "react-router";

type ClickHandler = (event: MouseEvent<HTMLAnchorElement>) => void;

const NavigateInApp = createContext<ClickHandler | undefined>(undefined);

/** A click the browser would turn into a plain navigation in the same tab. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const anchor = event.currentTarget;
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!anchor.target || anchor.target === "_self") &&
    !anchor.hasAttribute("download") &&
    anchor.origin === window.location.origin
  );
}

/**
 * The one click handler of the header's and footer's links. Every page renders about thirty of
 * them, and a React Router `<Link>` resolves its path, reads the router's state and builds its
 * own click handler on every server render — about 7 % of a page's CPU (bench/README.md). These
 * links are plain anchors that share this handler instead: a plain left click navigates inside
 * the app as a `<Link>` would (replacing the history entry when it leads to the page already
 * shown); a click with a modifier key, another button or another target is the browser's, and
 * without JavaScript they are the links they look like.
 */
export function ShellNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = useCallback<ClickHandler>(
    (event) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      const { pathname, search, hash, href } = event.currentTarget;
      navigate(`${pathname}${search}${hash}`, { replace: href === window.location.href });
    },
    [navigate],
  );
  return <NavigateInApp value={onClick}>{children}</NavigateInApp>;
}

type ShellLinkProps = { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

/** A link of the site's header or footer (see ShellNavigation). */
export function ShellLink({ to, ...props }: ShellLinkProps) {
  return <a href={to} onClick={useContext(NavigateInApp)} {...props} />;
}

const withoutTrailingSlash = (path: string) =>
  (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).toLowerCase();

/** Whether `to` is the page shown (or, unless `end`, a page under it), as `<NavLink>` decides. */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = withoutTrailingSlash(pathname);
  const target = withoutTrailingSlash(to);
  return here === target || (!end && target !== "/" && here.startsWith(`${target}/`));
}

/**
 * A main-navigation link: marked `aria-current="page"` on the page it leads to (or under it,
 * unless `end`), with `className` given whether it is.
 */
export function ShellNavLink({
  to,
  end,
  className,
  ...props
}: Omit<ShellLinkProps, "className"> & {
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}) {
  const isActive = isCurrentPath(useLocation().pathname, to, end);
  return (
    <ShellLink
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={className({ isActive })}
      {...props}
    />
  );
}
