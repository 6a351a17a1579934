import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Container,
  Divider,
  Group,
  MantineProvider,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconLock, IconMail, IconPalette, IconUserCircle, IconWashMachine } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import auth from "../../../public/locales/en/auth.json";
import common from "../../../public/locales/en/common.json";
import { themeFromConfig } from "../../lib/theme";
import classes from "./SignInScreen.module.css";

// The signed-out sign-in screen as static HTML, rendered at build time into index.html so the form
// shows before the bundle has arrived (decision 0017). It mirrors SignInScreen and AuthCard's
// sign-in mode in English; fields are read-only and buttons inert until the app replaces it.

function Link({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Anchor component="button" type="button" size="sm" fw={500} data-testid={testId}>
      {children}
    </Anchor>
  );
}

function SignInPage() {
  const a = auth;
  return (
    <Box className={classes.page} component="main">
      <Group justify="flex-end" gap="xs" p="md" className={classes.toolbar}>
        <SegmentedControl
          size="xs"
          radius="xl"
          value="en"
          aria-label={common.language.label}
          data={[
            { value: "en", label: <span title={common.language.english}>EN</span> },
            { value: "es", label: <span title={common.language.spanish}>ES</span> },
          ]}
        />
        <ActionIcon variant="default" size="lg" radius="md" aria-label={common.theme.label}>
          <IconPalette size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Container size={440} px="md" pb="xl" className={classes.body}>
        <Stack gap="xl" align="stretch">
          <Stack gap="xs" align="center" ta="center">
            <ThemeIcon size={64} radius="xl" variant="gradient" gradient={{ from: "cyan.6", to: "blue.7", deg: 135 }}>
              <IconWashMachine size={36} aria-hidden />
            </ThemeIcon>
            <Text fw={800} size="sm" tt="uppercase" c="cyan" lts={1.5}>
              {common.appName}
            </Text>
            <Title order={1} size="h2">
              {a.screen.title}
            </Title>
            <Text c="dimmed">{a.screen.subtitle}</Text>
          </Stack>
          <Paper component="section" withBorder shadow="md" radius="lg" p={{ base: "lg", sm: "xl" }} w="100%" data-mode="signIn">
            <Stack gap="lg">
              <div>
                <Title order={2} size="h3">
                  {a.modes.signIn.title}
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  {a.modes.signIn.description}
                </Text>
              </div>
              <Stack gap="md">
                {/* No submit button and read-only fields: nothing is sent or typed before the app runs. */}
                <form noValidate>
                  <Stack gap="sm">
                    <TextInput
                      label={a.fields.email}
                      type="email"
                      readOnly
                      required
                      leftSection={<IconMail size={16} aria-hidden />}
                      data-testid="signin-email"
                    />
                    <PasswordInput label={a.fields.password} readOnly required leftSection={<IconLock size={16} aria-hidden />} data-testid="signin-password" />
                    <Stack align="flex-end" gap={0}>
                      <Link testId="signin-forgot-password">{a.links.forgotPassword}</Link>
                    </Stack>
                    <Button type="button" fullWidth size="md" data-testid="signin-submit">
                      {a.actions.signIn}
                    </Button>
                  </Stack>
                </form>
                <Divider label={a.or} labelPosition="center" />
                <Button type="button" variant="default" fullWidth leftSection={<IconUserCircle size={18} aria-hidden />} data-testid="signin-guest">
                  {a.actions.continueAsGuest}
                </Button>
                <Stack gap={4} align="center">
                  <Text size="sm" c="dimmed" ta="center">
                    {a.links.noAccount} <Link testId="signin-create-account">{a.links.createAccount}</Link>
                  </Text>
                  <Text size="sm" c="dimmed" ta="center">
                    {a.links.areYouEmployee} <Link testId="signin-employee-registration">{a.links.employeeRegistration}</Link>
                  </Text>
                  <Text size="xs" c="dimmed" ta="center">
                    {a.hints.employeePassword}
                  </Text>
                </Stack>
              </Stack>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}

/** The screen's markup with Mantine's theme variables for both colour schemes. */
export function renderSignInPrerender(): string {
  return renderToString(
    <MantineProvider theme={themeFromConfig(undefined)} defaultColorScheme="light">
      <SignInPage />
    </MantineProvider>,
  );
}
