import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type AnnouncementRow = ReturnsOf<typeof api.announcements.list>[number];
export type ManagedRow = AnnouncementRow & { manage: NonNullable<AnnouncementRow["manage"]> };
