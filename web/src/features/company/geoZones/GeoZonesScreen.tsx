import { Badge, Button, Stack, Text } from "@mantine/core";
import { IconMapPin, IconMapPinOff } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayTimestamp } from "@tumble/domain/dateFormat";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn, SortState } from "../../../ui/table/types";
import { OutsideZoneSetting } from "./OutsideZoneSetting";
import type { ZoneStore } from "./types";
import { ZoneFormModal } from "./ZoneFormModal";

interface GeoZonesSearch {
  store: string;
  sort: string;
  desc: boolean;
}

const SEARCH: SearchSchema<GeoZonesSearch> = {
  store: param.text(64),
  sort: param.oneOf(["store", "status", "zone", "radius", "updated"] as const),
  desc: (v) => (v === true || v === "true" ? true : undefined),
};

const coordinate = (n: number) => n.toFixed(6);

/** /company/geo-zones: each store's zone for phone punches, and what happens outside it. */
export function GeoZonesScreen() {
  const { t } = useTranslation("geoZones");
  const stores = useQueryState(api.geoZones.list, {});
  const [search, setSearch] = useSearchState(SEARCH);
  const open = stores.data?.find((s) => s.storeId === search.store) ?? null;
  const sort: SortState | null = search.sort ? { id: search.sort, desc: Boolean(search.desc) } : null;

  const columns = useMemo<DataColumn<ZoneStore>[]>(
    () => [
      { id: "store", header: t("columns.store"), cell: (s) => s.storeName, sortValue: (s) => s.storeName, card: "title", hideable: false },
      {
        id: "status",
        header: t("columns.status"),
        cell: (s) => (
          <Badge variant="light" color={s.isActive ? "teal" : "gray"}>
            {s.isActive ? t("status.active") : t("status.inactive")}
          </Badge>
        ),
        sortValue: (s) => (s.isActive ? t("status.active") : t("status.inactive")),
        card: "badge",
      },
      {
        id: "zone",
        header: t("columns.centre"),
        cell: (s) =>
          s.zone ? (
            <Text size="sm" ff="monospace" data-testid="zone-centre">
              {coordinate(s.zone.latitude)}, {coordinate(s.zone.longitude)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" data-testid="zone-centre">
              {t("noZone")}
            </Text>
          ),
        sortValue: (s) => (s.zone ? `${coordinate(s.zone.latitude)}, ${coordinate(s.zone.longitude)}` : null),
      },
      {
        id: "radius",
        header: t("columns.radius"),
        cell: (s) => (s.zone ? t("metres", { count: s.zone.radiusMeters }) : "—"),
        sortValue: (s) => s.zone?.radiusMeters ?? null,
        align: "right",
      },
      {
        id: "updated",
        header: t("columns.updated"),
        cell: (s) => (s.zone ? formatDisplayTimestamp(Date.parse(s.zone.updatedAt)) : "—"),
        sortValue: (s) => s.zone?.updatedAt ?? null,
      },
      {
        id: "actions",
        header: t("columns.actions"),
        hideable: false,
        card: "footer",
        cell: (s) => (
          <Button
            size="compact-sm"
            variant={s.zone ? "default" : "light"}
            leftSection={s.zone ? <IconMapPin size={14} aria-hidden /> : <IconMapPinOff size={14} aria-hidden />}
            onClick={(e) => {
              e.stopPropagation();
              setSearch({ store: s.storeId }, { push: true });
            }}
            data-testid="edit-zone"
            aria-label={t(s.zone ? "editZoneOf" : "setZoneOf", { store: s.storeName })}
          >
            {s.zone ? t("editZone") : t("setZone")}
          </Button>
        ),
      },
    ],
    [t, setSearch],
  );

  return (
    <Stack gap="md">
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      <OutsideZoneSetting />
      <DataTable
        tableId="geo-zones"
        caption={t("caption")}
        columns={columns}
        data={stores.data}
        error={stores.error}
        getRowId={(s) => s.storeId}
        rowName={(s) => s.storeName}
        rowLabel={(s) => t(s.zone ? "editZoneOf" : "setZoneOf", { store: s.storeName })}
        onRowClick={(s) => setSearch({ store: s.storeId }, { push: true })}
        selectedId={search.store ?? null}
        sort={sort}
        defaultSort={null}
        onSortChange={(next) => setSearch({ sort: next?.id, desc: next?.desc ? true : undefined })}
        emptyText={t("empty")}
        testId="geo-zones-table"
        rowTestId="geo-zone-row"
      />
      <ZoneFormModal store={open} onClose={() => setSearch({ store: undefined })} />
    </Stack>
  );
}
