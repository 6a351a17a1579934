import { ImportScreen } from "../import/ImportScreen";

/** /company/import: stores, sections, equipment types, machines, employees and past collections from a CSV or XLSX file. */
export default function ImportRoute() {
  return <ImportScreen />;
}
