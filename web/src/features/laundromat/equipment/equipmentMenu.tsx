import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { buildContext } from "@tumble/domain/contextMenu";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/hooks";
import type { ContextMenuItem } from "../../../ui/ContextMenu";

/**
 * The context menu of a machine or an equipment type (spec section 6 "Context-menu rights"):
 * edit for managers and up, delete for admins. Delete asks first and reports its own outcome.
 */
export function useEquipmentMenu(): (onEdit: () => void, onDelete: () => void) => ContextMenuItem[] {
  const { t } = useTranslation("collections");
  const me = useQuery(api.auth.loggedInUser);
  return (onEdit, onDelete) => {
    const rights = buildContext({ role: me?.companyRole, globalRole: me?.globalRole, userId: me?._id }, "equipment").permissions;
    const items: ContextMenuItem[] = [];
    if (rights.canEdit) items.push({ id: "edit", label: t("equipment.edit"), icon: <IconPencil size={16} aria-hidden />, onSelect: onEdit, quiet: true });
    if (rights.canDelete)
      items.push({ id: "delete", label: t("equipment.delete"), icon: <IconTrash size={16} aria-hidden />, color: "red", onSelect: onDelete, quiet: true });
    return items;
  };
}
