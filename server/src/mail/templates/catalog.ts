import type { EmailNotificationKind } from "@tumble/domain/preferences";
import type { TemplateData } from "./render.ts";

// Every e-mail the product sends, with its default template in English and Spanish (decision
// 0036). A company may override subject, text and HTML per language (email_templates); what it
// leaves empty comes from here. `preference` names the switch on /user/email-preferences that
// turns the kind off; kinds without one (codes, security, account mail) are always sent.

export type Language = "en" | "es";
export const TEMPLATE_LANGUAGES: Language[] = ["en", "es"];

export interface DefaultTemplate {
  subject: string;
  text: string;
  /** Null: the HTML part is the text in paragraphs (render.ts textToHtml). */
  html: string | null;
}

export interface EmailKind {
  /** The switch that turns it off, or null when it is always sent. */
  preference: EmailNotificationKind | null;
  /** Each placeholder and the sample value the preview and the test message use. */
  placeholders: Record<string, string>;
  /** Values derived from the sender's data in the message's language (still no logic in templates). */
  derive?: (data: TemplateData, language: Language) => TemplateData;
  defaults: Record<Language, DefaultTemplate>;
}

/** A request kind named in a sentence, by language (the request e-mails and the notices share it). */
export const REQUEST_WORDS: Record<Language, Record<string, string>> = {
  en: { timeOff: "time-off request", swap: "shift swap request", drop: "shift drop request", claim: "open-shift claim" },
  es: {
    timeOff: "solicitud de tiempo libre",
    swap: "solicitud de cambio de turno",
    drop: "solicitud para dejar un turno",
    claim: "solicitud de turno abierto",
  },
};

/** One change of an employee's published shifts, its times already written in the store's time. */
export interface ScheduleChangeLine {
  kind: "added" | "changed" | "removed";
  when: string;
  /** What it was before, for a change. */
  was?: string | null;
}

const SCHEDULE_WORDS: Record<Language, { added: string; changed: string; removed: string; was: string }> = {
  en: { added: "New", changed: "Changed", removed: "Cancelled", was: "was" },
  es: { added: "Nuevo", changed: "Cambiado", removed: "Cancelado", was: "antes" },
};

/** The schedulePublished changeList value for a list of changes. */
export function scheduleChangeList(lines: ScheduleChangeLine[]): string {
  return JSON.stringify(lines);
}

/** "- New: 2030-01-07 09:00–17:00", "- Changed: … (was …)", in the message's language. */
function scheduleChangeLines(changeList: string, language: Language): string {
  const words = SCHEDULE_WORDS[language];
  let lines: ScheduleChangeLine[];
  try {
    lines = JSON.parse(changeList) as ScheduleChangeLine[];
  } catch {
    return "";
  }
  return lines.map((c) => `- ${words[c.kind]}: ${c.when}${c.was ? ` (${words.was} ${c.was})` : ""}`).join("\n");
}

export const EMAIL_KINDS = {
  passwordReset: {
    preference: null,
    placeholders: { code: "482913", minutes: "15" },
    defaults: {
      en: {
        subject: "Your Tumble password reset code",
        text: "Your password reset code is {{code}}. It expires in {{minutes}} minutes. If you did not ask for it, ignore this e-mail.",
        html: null,
      },
      es: {
        subject: "Tu código para restablecer la contraseña de Tumble",
        text: "Tu código para restablecer la contraseña es {{code}}. Vence en {{minutes}} minutos. Si no lo pediste, ignora este correo.",
        html: null,
      },
    },
  },
  accountWelcome: {
    preference: null,
    placeholders: { email: "maria@example.com", url: "https://tumble.example.com" },
    defaults: {
      en: {
        subject: "Welcome to Tumble",
        text: "Your Tumble account {{email}} is ready. Sign in at {{url}} and find your company to get started.",
        html: null,
      },
      es: {
        subject: "Te damos la bienvenida a Tumble",
        text: "Tu cuenta de Tumble {{email}} está lista. Inicia sesión en {{url}} y busca tu empresa para empezar.",
        html: null,
      },
    },
  },
  claimCode: {
    preference: null,
    placeholders: { campaignName: "Spring Special", claimCode: "CLM-7K3X9Q", code: "604218", offer: "$5.00" },
    defaults: {
      en: {
        subject: "Your verification code: {{campaignName}}",
        text: [
          "Thank you for claiming {{#offer}}your {{offer}} offer{{/offer}}{{^offer}}your offer{{/offer}}!",
          "",
          "Claim ID: {{claimCode}}",
          "Verification code: {{code}}",
          "",
          "Show this e-mail to the store staff to receive your credit. The code expires in 15 minutes.",
        ].join("\n"),
        html: null,
      },
      es: {
        subject: "Su código de verificación: {{campaignName}}",
        text: [
          "¡Gracias por solicitar {{#offer}}su oferta de {{offer}}{{/offer}}{{^offer}}su oferta{{/offer}}!",
          "",
          "ID de solicitud: {{claimCode}}",
          "Código de verificación: {{code}}",
          "",
          "Muestre este correo al personal de la tienda para recibir su crédito. El código vence en 15 minutos.",
        ].join("\n"),
        html: null,
      },
    },
  },
  employeeRegistered: {
    preference: null,
    placeholders: {
      companyName: "Rio Laundry",
      username: "maria.g",
      code: "482913",
      days: "7",
      url: "https://tumble.example.com/?setPassword=maria%40example.com",
    },
    defaults: {
      en: {
        subject: "Your registration with {{companyName}}",
        text: 'Your employee registration with {{companyName}} (username {{username}}) was received. A manager will assign your role.\n\nYour username and PIN are for the store kiosk. To sign in to the web app, set a password: open {{url}} and enter the code {{code}} with the password you choose. The code works for {{days}} days; after that, choose "Forgot password" on the sign-in page.',
        html: null,
      },
      es: {
        subject: "Tu registro en {{companyName}}",
        text: 'Recibimos tu registro como empleado en {{companyName}} (usuario {{username}}). Un gerente te asignará un rol.\n\nTu usuario y tu PIN son para el quiosco de la tienda. Para iniciar sesión en la aplicación web, crea una contraseña: abre {{url}} y escribe el código {{code}} con la contraseña que elijas. El código sirve durante {{days}} días; después, elige "¿Olvidaste tu contraseña?" en la página de inicio de sesión.',
        html: null,
      },
    },
  },
  registrationCompleted: {
    preference: null,
    placeholders: { companyName: "Rio Laundry", username: "maria.g" },
    defaults: {
      en: {
        subject: "Your registration with {{companyName}} is complete",
        text: 'Your employee profile with {{companyName}} is active. You can now clock in and out at the store kiosk with your username {{username}} and your PIN. To use the web app, choose "Forgot password" with this e-mail to set a password.',
        html: null,
      },
      es: {
        subject: "Tu registro en {{companyName}} está completo",
        text: 'Tu perfil de empleado en {{companyName}} está activo. Ya puedes marcar tu entrada y salida en el quiosco de la tienda con tu usuario {{username}} y tu PIN. Para usar la aplicación web, elige "¿Olvidaste tu contraseña?" con este correo para crear una contraseña.',
        html: null,
      },
    },
  },
  joinRequestDecided: {
    preference: "joinRequestUpdates",
    placeholders: { companyName: "Rio Laundry", approved: "yes", reason: "", url: "https://tumble.example.com" },
    defaults: {
      en: {
        subject: "Your request to join {{companyName}}",
        text: "Your request to join {{companyName}} was {{#approved}}approved. Sign in to Tumble at {{url}} to get started.{{/approved}}{{^approved}}declined.{{#reason}}\n\nReason: {{reason}}{{/reason}}{{/approved}}",
        html: null,
      },
      es: {
        subject: "Tu solicitud para unirte a {{companyName}}",
        text: "Tu solicitud para unirte a {{companyName}} fue {{#approved}}aprobada. Inicia sesión en Tumble en {{url}} para empezar.{{/approved}}{{^approved}}rechazada.{{#reason}}\n\nMotivo: {{reason}}{{/reason}}{{/approved}}",
        html: null,
      },
    },
  },
  schedulePublished: {
    preference: "scheduleChanges",
    placeholders: { name: "María", storeName: "Rio Downtown", weekStart: "2026-11-29", changes: "- New: 2026-11-30 9:00 AM–5:00 PM" },
    // The sender hands the changes as data (changeList, see scheduleChangeList); they are written
    // out in the message's language.
    derive: (data, language) => (typeof data.changeList === "string" ? { changes: scheduleChangeLines(data.changeList, language) } : {}),
    defaults: {
      en: {
        subject: "Your schedule at {{storeName}} for the week of {{weekStart}} changed",
        text: "Hi {{name}},\n\nYour schedule at {{storeName}} for the week of {{weekStart}} was published:\n{{changes}}\n\nTimes are the store's local time.",
        html: null,
      },
      es: {
        subject: "Tu horario en {{storeName}} para la semana del {{weekStart}} cambió",
        text: "Hola, {{name}}:\n\nSe publicó tu horario en {{storeName}} para la semana del {{weekStart}}:\n{{changes}}\n\nLas horas son las de la tienda.",
        html: null,
      },
    },
  },
  requestDecided: {
    preference: "timeOffDecisions",
    placeholders: { name: "María", what: "time-off request", approved: "yes", reason: "" },
    derive: (data, language) => ({ what: REQUEST_WORDS[language][String(data.kind)] ?? data.what ?? "" }),
    defaults: {
      en: {
        subject: "Your {{what}} was {{#approved}}approved{{/approved}}{{^approved}}denied{{/approved}}",
        text: "Hello {{name}},\n\nYour {{what}} was {{#approved}}approved{{/approved}}{{^approved}}denied{{/approved}}.{{#reason}}\n\nReason: {{reason}}{{/reason}}\n\nSee it in Tumble under My requests.",
        html: null,
      },
      es: {
        subject: "Tu {{what}} fue {{#approved}}aprobada{{/approved}}{{^approved}}rechazada{{/approved}}",
        text: "Hola, {{name}}:\n\nTu {{what}} fue {{#approved}}aprobada{{/approved}}{{^approved}}rechazada{{/approved}}.{{#reason}}\n\nMotivo: {{reason}}{{/reason}}\n\nMírala en Tumble, en Mis solicitudes.",
        html: null,
      },
    },
  },
  swapOffered: {
    preference: "timeOffDecisions",
    placeholders: { name: "Luis", requester: "María", shift: "Mon, Nov 23 09:00 – 17:00 · Rio Downtown", url: "https://tumble.example.com/user/my-requests" },
    defaults: {
      en: {
        subject: "{{requester}} offers you a shift",
        text: "Hello {{name}},\n\n{{requester}} asks you to take their shift {{shift}}.\n\nAccept or decline it in Tumble under My requests: {{url}}. A manager decides once you accept.",
        html: null,
      },
      es: {
        subject: "{{requester}} te ofrece un turno",
        text: "Hola, {{name}}:\n\n{{requester}} te pide que tomes su turno {{shift}}.\n\nAcéptalo o recházalo en Tumble, en Mis solicitudes: {{url}}. Un gerente decide cuando lo aceptes.",
        html: null,
      },
    },
  },
  employmentLinkCode: {
    preference: null,
    placeholders: { companyName: "Rio Laundry", username: "maria.g", code: "482913", minutes: "15" },
    defaults: {
      en: {
        subject: "Your code to link your employee profile",
        text: "Someone signed in to Tumble with this e-mail address asked to link their account to your employee profile at {{companyName}} (kiosk username {{username}}).\n\nYour code is {{code}}. It expires in {{minutes}} minutes.\n\nIf this was not you, do not share the code and tell your manager: someone knows your kiosk PIN.",
        html: null,
      },
      es: {
        subject: "Tu código para vincular tu perfil de empleado",
        text: "Alguien que inició sesión en Tumble con este correo pidió vincular su cuenta a tu perfil de empleado en {{companyName}} (usuario del quiosco {{username}}).\n\nTu código es {{code}}. Vence en {{minutes}} minutos.\n\nSi no fuiste tú, no compartas el código y avisa a tu gerente: alguien conoce tu PIN del quiosco.",
        html: null,
      },
    },
  },
  employmentLinkDecided: {
    preference: null,
    placeholders: { companyName: "Rio Laundry", username: "maria.g", approved: "yes", reason: "", url: "https://tumble.example.com/user/employment" },
    defaults: {
      en: {
        subject: "Your request to link your employee profile at {{companyName}} was {{#approved}}approved{{/approved}}{{^approved}}declined{{/approved}}",
        text: "{{#approved}}A manager linked your account to your employee profile at {{companyName}} (kiosk username {{username}}). Your stores, the time clock and your hours are in Tumble under Employment: {{url}}{{/approved}}{{^approved}}A manager declined your request to link your account to the employee profile {{username}} at {{companyName}}.{{#reason}}\n\nReason: {{reason}}{{/reason}}\n\nIf this is your profile, ask your manager.{{/approved}}",
        html: null,
      },
      es: {
        subject:
          "Tu solicitud para vincular tu perfil de empleado en {{companyName}} fue {{#approved}}aprobada{{/approved}}{{^approved}}rechazada{{/approved}}",
        text: "{{#approved}}Un gerente vinculó tu cuenta a tu perfil de empleado en {{companyName}} (usuario del quiosco {{username}}). Tus tiendas, el reloj y tus horas están en Tumble, en Empleo: {{url}}{{/approved}}{{^approved}}Un gerente rechazó tu solicitud para vincular tu cuenta al perfil de empleado {{username}} en {{companyName}}.{{#reason}}\n\nMotivo: {{reason}}{{/reason}}\n\nSi es tu perfil, pregunta a tu gerente.{{/approved}}",
        html: null,
      },
    },
  },
  pinLockout: {
    preference: null,
    placeholders: {
      failures: "5",
      employeeName: "María García",
      username: "maria.g",
      kioskName: "Front counter",
      storeName: "Rio Downtown",
      until: "3:45 PM",
      timeZone: "America/Chicago",
    },
    defaults: {
      en: {
        subject: "Kiosk PIN locked: {{username}} at {{storeName}}",
        text: [
          '{{failures}} wrong PINs were entered for {{#employeeName}}{{employeeName}} (username "{{username}}"){{/employeeName}}{{^employeeName}}the username "{{username}}", which is not an employee\'s{{/employeeName}} at the kiosk "{{kioskName}}" of {{storeName}}.',
          "The username is locked until {{until}} ({{timeZone}}).",
          "If this was not the employee, check who is using the kiosk; you can reset the employee's PIN from their profile.",
        ].join("\n\n"),
        html: null,
      },
      es: {
        subject: "PIN del quiosco bloqueado: {{username}} en {{storeName}}",
        text: [
          'Se ingresaron {{failures}} PIN incorrectos para {{#employeeName}}{{employeeName}} (usuario "{{username}}"){{/employeeName}}{{^employeeName}}el usuario "{{username}}", que no es de ningún empleado{{/employeeName}} en el quiosco "{{kioskName}}" de {{storeName}}.',
          "El usuario queda bloqueado hasta las {{until}} ({{timeZone}}).",
          "Si no fue el empleado, revisa quién usa el quiosco; puedes restablecer el PIN del empleado desde su perfil.",
        ].join("\n\n"),
        html: null,
      },
    },
  },
  announcement: {
    preference: "announcements",
    placeholders: {
      name: "María",
      companyName: "Rio Laundry",
      author: "Sam Rivera",
      title: "Holiday hours",
      body: "We close at 6 pm on December 24 and open at noon on December 26.",
      url: "https://tumble.example.com/user/announcements",
    },
    defaults: {
      en: {
        subject: "{{companyName}}: {{title}}",
        text: "Hi {{name}},\n\n{{#author}}{{author}} posted an announcement{{/author}}{{^author}}A new announcement was posted{{/author}} for {{companyName}}:\n\n{{title}}\n\n{{body}}\n\nRead it in Tumble: {{url}}",
        html: null,
      },
      es: {
        subject: "{{companyName}}: {{title}}",
        text: "Hola, {{name}}:\n\n{{#author}}{{author}} publicó un anuncio{{/author}}{{^author}}Se publicó un anuncio{{/author}} para {{companyName}}:\n\n{{title}}\n\n{{body}}\n\nLéelo en Tumble: {{url}}",
        html: null,
      },
    },
  },
  payrollStatementReady: {
    preference: "payrollStatements",
    placeholders: { name: "María", companyName: "Rio Laundry", period: "2026-11-01 – 2026-11-14", gross: "$1,234.56", url: "https://tumble.example.com" },
    defaults: {
      en: {
        subject: "Your pay statement for {{period}} is ready",
        text: "Hi {{name}},\n\nYour pay statement from {{companyName}} for {{period}} is ready{{#gross}} (gross pay {{gross}}){{/gross}}.\n\nSee it in Tumble: {{url}}",
        html: null,
      },
      es: {
        subject: "Tu recibo de pago de {{period}} está listo",
        text: "Hola, {{name}}:\n\nTu recibo de pago de {{companyName}} del periodo {{period}} está listo{{#gross}} (pago bruto {{gross}}){{/gross}}.\n\nMíralo en Tumble: {{url}}",
        html: null,
      },
    },
  },
} satisfies Record<string, EmailKind>;

export type EmailKindName = keyof typeof EMAIL_KINDS;
export const EMAIL_KIND_NAMES = Object.keys(EMAIL_KINDS) as EmailKindName[];

export function isEmailKind(value: string): value is EmailKindName {
  return Object.hasOwn(EMAIL_KINDS, value);
}

export function kindOf(name: EmailKindName): EmailKind {
  return EMAIL_KINDS[name];
}
