import { CollectionsScreen } from "../collections/CollectionsScreen";

/** /laundromat/admin-collections (admins): every store's collections, adjust verified ones, delete drafts. */
export default function AdminCollectionsScreen() {
  return <CollectionsScreen admin />;
}
