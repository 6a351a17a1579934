import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { AttentionList } from "./AttentionList";
import { Overview } from "./Overview";

// The home at the top of Profile (issue 34, docs/decisions/0021): for those who may see the money
// (canExportReports, whom home:summary answers) the overview of takings by store and what needs
// attention below it; for everyone else what needs their attention today.

export function TodayPanel() {
  const { t } = useTranslation("navigation");
  const summary = useQueryState(api.home.summary);
  // null: the caller may not see figures; undefined: not loaded yet.
  const seesMoney = summary.data != null;
  return (
    <Stack gap="lg">
      {seesMoney ? <Overview summary={summary.data ?? undefined} /> : null}
      <AttentionList title={seesMoney ? t("home.attentionTitle") : t("home.title")} />
    </Stack>
  );
}
