// Store economics (migration 0052): the constraints two requests racing past the handlers' checks can hit.
export const constraintMessages: Record<string, string> = {
  machine_prices_company_type_from: "This equipment type already has a price from this date",
  machine_prices_company_machine_from: "This machine already has a price from this date",
  utility_bills_company_store_utility_start: "This store already has a bill for this utility starting on this date",
};
