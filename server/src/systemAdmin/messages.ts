import { SYSTEM_ADMIN_REFUSAL_TEXTS } from "@tumble/domain/systemAdminRefusals";

const english = <K extends keyof typeof SYSTEM_ADMIN_REFUSAL_TEXTS>(key: K) => SYSTEM_ADMIN_REFUSAL_TEXTS[key].en;

/** The platform console's refusals in English; the server throws them with their codes (systemAdminRefusal). */
export const MESSAGES = {
  companyNotFound: english("companyNotFound"),
  userNotFound: english("userNotFound"),
  onlySuperAdminGrantsSuperAdmin: english("onlySuperAdminGrantsSuperAdmin"),
  lastSuperAdmin: english("lastSuperAdmin"),
  notYourself: english("notYourself"),
  alreadySuspended: english("alreadySuspended"),
  notSuspended: english("notSuspended"),
} as const;
