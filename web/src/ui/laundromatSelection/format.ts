// Dates are stored yyyy-MM-dd and displayed MM/dd/yyyy (spec section 9): the one formatter is
// packages/domain/src/dateFormat.ts.
export { formatDisplayDate, formatDisplayRange, formatDisplayTimestamp } from "@tumble/domain/dateFormat";
