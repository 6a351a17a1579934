import { SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import type { FieldProps } from "./fields";

/** A rate and the day it starts, side by side (stacked on a phone), bottom-aligned: only the rate has a description line. */
export function RateFields({
  field,
  payType,
  minDate,
  testIds,
  autoFocus = false,
}: {
  field: FieldProps;
  payType: string;
  minDate?: string;
  testIds: { rate: string; date: string };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("employees");
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ alignItems: "end" }}>
      <MoneyInput
        label={t("form.rate")}
        description={t(payType === "salary" ? "form.rateHelpSalary" : "form.rateHelpHourly")}
        withAsterisk
        size="md"
        data-autofocus={autoFocus || undefined}
        data-testid={testIds.rate}
        {...field("rateCents")}
      />
      <TextInput label={t("columns.effectiveFrom")} type="date" min={minDate} withAsterisk size="md" data-testid={testIds.date} {...field("effectiveFrom")} />
    </SimpleGrid>
  );
}
