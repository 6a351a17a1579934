// Mantine's styles for the first paint (docs/decisions/0022): its base layers and what the app
// frame shows before any screen: the loading state and notices. Every screen's components come
// with their own chunk: the sign-in screen's in features/auth/signInStyles.ts, the rest with the
// signed-in app (SignedInApp.tsx). All in Mantine's cascade layer, so import order never lets
// Mantine override the app's own styles.
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/Center.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Notification.layer.css";
import "@mantine/notifications/styles.layer.css";
