import { USERNAME_CHECK_DEBOUNCE_MS, shouldCheckUsernameAvailability } from "@tumble/domain/employeeForm";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { useQueryState } from "../../lib/hooks";

export type UsernameAvailability =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "error" }
  | { status: "available"; message: string }
  | { status: "unavailable"; message: string; suggestions: string[] };

/**
 * Spec section 4 "Username check": typing clears the prior result; once the username has been
 * still for 500 ms, and only with 3+ characters and no format error, it is checked in the
 * company — checking, then available or unavailable with suggestions.
 */
export function useUsernameAvailability(username: string, companyId: string | undefined) {
  const [settled, setSettled] = useState(username);

  useEffect(() => {
    if (settled === username) return;
    const timer = setTimeout(() => setSettled(username), USERNAME_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [username, settled]);

  const eligible = settled === username && companyId !== undefined && shouldCheckUsernameAvailability(username);
  const result = useQueryState(api.employeeAuth.checkUsernameAvailability, eligible ? { username, companyId } : "skip", { public: true });

  /** Skip the wait: a picked suggestion is checked at once. */
  const checkNow = useCallback((value: string) => setSettled(value), []);

  let availability: UsernameAvailability;
  if (!eligible) availability = { status: "idle" };
  else if (result.error) availability = { status: "error" };
  else if (!result.data) availability = { status: "checking" };
  else if (result.data.available) availability = { status: "available", message: result.data.message };
  else availability = { status: "unavailable", message: result.data.message, suggestions: result.data.suggestions };

  return { availability, checkNow };
}
