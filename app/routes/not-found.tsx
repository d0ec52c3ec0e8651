export { action, loader } from "./not-found.server";

export default function NotFoundRoute() {
  return null;
}
