import { schemaResolver, useForm, type FormErrors, type UseFormInput } from "@mantine/form";
import type { FormEvent } from "react";
import type { z } from "zod";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { currentLanguage } from "../../lib/i18n";

// Forms validated by the zod schema the server checks the same arguments with (packages/domain),
// showing each rule's message in the reader's language. Errors show under their field (never the
// browser's own pop-ups: forms using this set noValidate), after a field is left or on submit.

function localize(errors: FormErrors): FormErrors {
  const language = currentLanguage();
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, typeof message === "string" ? localizeValidationMessage(message, language) : message]));
}

export function useSchemaForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  options: Omit<UseFormInput<z.input<S>>, "validate" | "mode">,
) {
  const resolve = schemaResolver(schema, { sync: true });
  const form = useForm<z.input<S>>({ mode: "controlled", validateInputOnBlur: true, ...options, validate: (values) => localize(resolve(values)) });
  /** A submit handler that validates, then hands the schema's output (trimmed, converted) to `handler`. */
  const submit = (handler: (values: z.output<S>) => void | Promise<void>) => (event?: FormEvent<HTMLFormElement>) =>
    form.onSubmit((values) => handler(schema.parse(values)))(event);
  return Object.assign(form, { submit });
}
