// Dates show as MM/dd/yyyy (spec section 9); with the time, on the 24-hour clock of the header.
export { formatInstantDate as formatDate, formatDisplayTimestamp as formatDateTime } from "@tumble/domain/dateFormat";
