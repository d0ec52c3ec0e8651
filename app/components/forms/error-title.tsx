import { useContext } from "react";
import { UNSAFE_DataRouterDataContext as DataRouterDataContext, Meta } from "react-router";
import { ANSWER_HAS_ERRORS, answerErrors } from "~/lib/form-reply";

/**
 * React Router's `<Meta />`, whose `meta` functions learn whether the page shows an action's
 * answer with errors: `pageMeta` (app/lib/seo.ts) then prefixes the title with "Error: " (GOV.UK's
 * pattern). A `meta` function sees loader data only, so the root's data is shown to them with
 * `answerHasErrors: true` added. The same in the server's HTML (without JS) and after a
 * submission with JS, and gone with the answer (a new page, a successful save). The data context
 * is one of React Router's `UNSAFE_` exports: should an upgrade change it, the titles checked in
 * test/e2e/error-summary.spec.ts stop starting with "Error:".
 */
export function MetaWithErrorTitle() {
  const data = useContext(DataRouterDataContext);
  const failed = Object.values(data?.actionData ?? {}).some((a) => answerErrors(a).length > 0);
  const root = data?.loaderData.root;
  if (!data || !failed || !root || typeof root !== "object") return <Meta />;
  const loaderData = { ...data.loaderData, root: { ...root, [ANSWER_HAS_ERRORS]: true } };
  return (
    <DataRouterDataContext value={{ ...data, loaderData }}>
      <Meta />
    </DataRouterDataContext>
  );
}
