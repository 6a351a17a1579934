import { refusalTable, refusalTextOfMessage } from "./refusals.ts";

// A function's arguments refused before it runs (server/src/runtime/executor.ts and
// argsSanitizer.ts): the English stays what clients read — `Invalid argument "<field>": <rule>` —
// and the code "args.invalid" carries the field, the kind of problem (zod's issue code) and the
// rule's English, from which a screen shows the rule in the reader's language (the sentence of
// any table it has loaded — validationMessages.ts registers the validation rules as one — found
// by its English), else says which field is wrong. Light on purpose: the landing page reads it.

export interface ArgumentIssue {
  /** The argument's path, dotted ("lines.0.amount"), or "args" for the arguments as a whole. */
  field: string;
  /** zod's issue code: invalid_type, too_small, too_big, invalid_format, invalid_value, custom… */
  issue: string;
  /** The rule's English message, as the schema gives it. */
  message: string;
}

const GENERIC_ES: Record<string, (field: string) => string> = {
  invalid_type: (field) => `Falta el valor de «${field}» o no es del tipo esperado`,
  too_small: (field) => `El valor de «${field}» es demasiado corto o pequeño`,
  too_big: (field) => `El valor de «${field}» es demasiado largo o grande`,
};

const ARGUMENT_TABLE = refusalTable("args", {
  invalid: {
    en: ({ field, message }: ArgumentIssue) => `Invalid argument "${field}": ${message}`,
    es: ({ field, issue, message }: ArgumentIssue) => {
      const rule = refusalTextOfMessage(message, "es");
      if (rule) return rule;
      return Object.hasOwn(GENERIC_ES, issue) ? GENERIC_ES[issue](field) : `El valor de «${field}» no es válido`;
    },
  },
  notAllowed: {
    en: ({ field }: { field: string }) => `Invalid argument "${field}": contains a character that is not allowed`,
    es: ({ field }: { field: string }) => `«${field}» contiene un carácter que no se admite`,
  },
});
export const ARGUMENT_REFUSAL_TEXTS = ARGUMENT_TABLE.texts;
/** A refusal for the runtime to throw, with its code ("args.<key>", refusals.ts). */
export const argumentRefusal = ARGUMENT_TABLE.refusal;
