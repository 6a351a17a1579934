// The Mantine components of the signed-out screens (every mode of the authentication card, the
// company finder, language and theme menus), in Mantine's dependency order: loaded with this
// chunk, before the signed-in app's full set (docs/decisions/0022). A component added to these
// screens adds its line here; a missing one shows unstyled on the sign-in screen in the
// screenshots and in e2e/specs/auth.spec.ts.
import "@mantine/core/styles/ScrollArea.layer.css";
import "@mantine/core/styles/VisuallyHidden.layer.css";
import "@mantine/core/styles/Paper.layer.css";
import "@mantine/core/styles/Popover.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Flex.layer.css";
import "@mantine/core/styles/FloatingIndicator.layer.css";
import "@mantine/core/styles/ActionIcon.layer.css";
import "@mantine/core/styles/Alert.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
import "@mantine/core/styles/Avatar.layer.css";
import "@mantine/core/styles/Badge.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/Card.layer.css";
import "@mantine/core/styles/Checkbox.layer.css";
import "@mantine/core/styles/Combobox.layer.css";
import "@mantine/core/styles/Container.layer.css";
import "@mantine/core/styles/Divider.layer.css";
import "@mantine/core/styles/Menu.layer.css";
import "@mantine/core/styles/PasswordInput.layer.css";
import "@mantine/core/styles/PinInput.layer.css";
import "@mantine/core/styles/Progress.layer.css";
import "@mantine/core/styles/SegmentedControl.layer.css";
import "@mantine/core/styles/SimpleGrid.layer.css";
import "@mantine/core/styles/ThemeIcon.layer.css";
import "@mantine/core/styles/Title.layer.css";
