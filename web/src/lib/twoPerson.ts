import { localizeTimeClockMessage, timeClockMessage } from "@tumble/domain/timeClock";
import { TWO_PERSON_MESSAGES, type TwoPersonMessageKey } from "@tumble/domain/twoPersonRules";
import { api } from "./api";
import { useQuery } from "./hooks";
import { currentLanguage } from "./i18n";

/**
 * Why an action is not the reader's to take (decision 0060), in their language: the same words the
 * server refuses it with, shown beside the disabled control before anyone tries.
 */
export function twoPersonReason(key: TwoPersonMessageKey): string {
  return TWO_PERSON_MESSAGES[key][currentLanguage()];
}

/** Why one's own time entries are not one's to approve, reject or correct (the time clock's refusal). */
export function ownTimeReason(): string {
  return localizeTimeClockMessage(timeClockMessage("ownTime"), currentLanguage());
}

/** The reader's own employee profile in the active company (null without one, undefined while loading). */
export function useOwnEmployeeId(): string | null | undefined {
  return useQuery(api.employees.own, {})?.employeeId;
}
