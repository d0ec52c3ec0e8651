import { useFormAction, useNavigation } from "react-router";

export interface FetcherLike {
  state: "idle" | "submitting" | "loading";
  formData?: FormData;
}

/**
 * The one pending-state helper: true while this page's form (or `action`) is being submitted,
 * or while `fetcher` submits; `intent` narrows it to one button's submissions.
 */
export function useIsPending({
  action,
  fetcher,
  intent,
}: {
  action?: string;
  fetcher?: FetcherLike;
  intent?: string;
} = {}): boolean {
  const navigation = useNavigation();
  const formAction = useFormAction(action);
  if (fetcher) {
    return (
      fetcher.state === "submitting" && (!intent || fetcher.formData?.get("intent") === intent)
    );
  }
  return (
    navigation.state === "submitting" &&
    navigation.formAction === formAction &&
    (!intent || navigation.formData?.get("intent") === intent)
  );
}
