export const constraintMessages: Record<string, string> = {
  users_email_key: "An account with this e-mail address already exists",
};
