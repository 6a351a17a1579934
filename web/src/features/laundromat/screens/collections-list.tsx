import { CollectionsScreen } from "../collections/CollectionsScreen";

/** /laundromat/collections-list: the collections of the selected range, to review and verify. */
export default function CollectionsListScreen() {
  return <CollectionsScreen />;
}
