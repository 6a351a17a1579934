export const constraintMessages: Record<string, string> = {
  shift_templates_company_store_name: "This store already has a template of this name",
  shifts_order_check: "The shift must end after it starts",
  shifts_length_check: "A shift cannot be longer than 24 hours",
  shifts_break_check: "The break must be shorter than the shift",
};
