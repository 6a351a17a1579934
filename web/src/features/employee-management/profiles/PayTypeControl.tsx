import { Input, SegmentedControl } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PAY_TYPES } from "@tumble/domain/employees";
import type { InputProps } from "./fields";

/** Hourly or salary, labelled for screen readers; shared by the employee form and the new-rate form. */
export function PayTypeControl({ id, testId, inputProps }: { id: string; testId: string; inputProps: InputProps }) {
  const { t } = useTranslation("employees");
  return (
    <div>
      <Input.Label id={id} size="md" display="block">
        {t("form.payType")}
      </Input.Label>
      <SegmentedControl aria-labelledby={id} data={PAY_TYPES.map((p) => ({ value: p, label: t(`payTypes.${p}`) }))} data-testid={testId} {...inputProps} />
    </div>
  );
}
