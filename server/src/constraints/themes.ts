export const constraintMessages: Record<string, string> = {
  themes_name_unique: "A theme with this name already exists",
};
