/** The platform console's refusals. */
export const MESSAGES = {
  companyNotFound: "Company not found",
  userNotFound: "User not found",
  onlySuperAdminGrantsSuperAdmin: "Only a super administrator can grant or revoke the super administrator role",
  lastSuperAdmin: "The last super administrator cannot lose that role",
  notYourself: "You cannot disable your own account",
  alreadySuspended: "This company is already suspended",
  notSuspended: "This company is not suspended",
} as const;
