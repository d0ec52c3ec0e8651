import { useRouteLoaderData } from "react-router";
import type { AccountShellData } from "~/root.server";
import { EmailBanner } from "./email-banner";
import { OnboardingDialog } from "./onboarding-dialog";

/** E-mail verification banner and onboarding wizard for signed-in users (root loader data). */
export function AccountOverlays() {
  const data = useRouteLoaderData("root") as Partial<AccountShellData> | undefined;
  return (
    <>
      {data?.emailBanner ? <EmailBanner /> : null}
      {data?.onboarding ? <OnboardingDialog state={data.onboarding} /> : null}
    </>
  );
}
