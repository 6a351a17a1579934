import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "cyan",
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: "700" },
  cursorType: "pointer",
  respectReducedMotion: true,
});
