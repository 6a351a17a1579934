import { IconBuildingStore, IconCash, IconShieldLock, IconSpeakerphone, IconUserCircle, IconUsersGroup, IconWashMachine, type Icon } from "@tabler/icons-react";
import type { Area } from "@tumble/domain/routes";

export const AREA_ICONS: Record<Area, Icon> = {
  user: IconUserCircle,
  laundromat: IconWashMachine,
  company: IconBuildingStore,
  "employee-management": IconUsersGroup,
  payroll: IconCash,
  marketing: IconSpeakerphone,
  "system-admin": IconShieldLock,
};
