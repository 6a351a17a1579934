import type { ComponentType, ReactElement } from "react";
import { lazyScreen } from "../ui/lazyScreen";

// Screens are found by convention: web/src/features/<area>/screens/<sub-screen>.tsx, default
// export. A new screen needs no registration, and features never touch each other's files.

const modules = import.meta.glob<{ default: ComponentType }>("../features/*/screens/*.tsx");

const screens = new Map<string, () => ReactElement>();
for (const [file, load] of Object.entries(modules)) {
  const match = file.match(/\.\.\/features\/([^/]+)\/screens\/([^/]+)\.tsx$/);
  if (!match) continue;
  const [, area, sub] = match;
  screens.set(`${area}/${sub}`, lazyScreen(`navigation:subScreens.${area}.${sub}`, load));
}

/** The lazily loaded screen for an area's sub-screen, or undefined when none is built. */
export function screenFor(area: string, subScreen: string): (() => ReactElement) | undefined {
  return screens.get(`${area}/${subScreen}`);
}
