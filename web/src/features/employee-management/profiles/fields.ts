import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { ruleText } from "./messages";

/** Mantine's props for one form field. */
export type InputProps = ReturnType<UseFormReturnType<Record<string, unknown>>["getInputProps"]>;
export type FieldProps = (path: string) => InputProps;

/** getInputProps with the field's error in the reader's language (employee, username, PIN and shared rules). */
export function useField(form: { getInputProps: (path: never) => InputProps }): FieldProps {
  const { t } = useTranslation("employees");
  return (path) => {
    const props = form.getInputProps(path as never);
    return { ...props, error: typeof props.error === "string" ? ruleText(t, props.error) : props.error };
  };
}
