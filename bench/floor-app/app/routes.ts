import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/hello.tsx"),
  route("cards", "routes/cards.tsx"),
] satisfies RouteConfig;
