import { Alert, Anchor, Button } from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AuthMode } from "./authErrors";

/** What every mode of the authentication card receives: the shared e-mail and the way to another mode. */
export interface ModeProps {
  email: string;
  setEmail(email: string): void;
  goTo(mode: AuthMode): void;
}

export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" py="xs">
      {message}
    </Alert>
  );
}

export function LinkButton({ onClick, children, testId }: { onClick(): void; children: ReactNode; testId?: string }) {
  return (
    <Anchor component="button" type="button" size="sm" fw={500} onClick={onClick} data-testid={testId}>
      {children}
    </Anchor>
  );
}

export function BackToSignIn({ goTo }: Pick<ModeProps, "goTo">) {
  const { t } = useTranslation("auth");
  return (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => goTo("signIn")} fullWidth>
      {t("links.backToSignIn")}
    </Button>
  );
}
