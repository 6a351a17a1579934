import { useEffect } from "react";

const ATTRIBUTE = "data-mantine-color-scheme";

/**
 * Prints in the light scheme whatever the screen uses: paper is white and browsers leave dark
 * backgrounds out, so dark-scheme text would print light grey on white. The scheme comes back
 * when printing ends.
 */
export function usePrintInLight(): void {
  useEffect(() => {
    const root = document.documentElement;
    let saved: string | null = null;
    const toLight = () => {
      if (saved !== null) return;
      saved = root.getAttribute(ATTRIBUTE) ?? "light";
      root.setAttribute(ATTRIBUTE, "light");
    };
    const restore = () => {
      if (saved === null) return;
      root.setAttribute(ATTRIBUTE, saved);
      saved = null;
    };
    const print = window.matchMedia("print");
    const onChange = (event: MediaQueryListEvent) => (event.matches ? toLight() : restore());
    window.addEventListener("beforeprint", toLight);
    window.addEventListener("afterprint", restore);
    print.addEventListener("change", onChange);
    return () => {
      window.removeEventListener("beforeprint", toLight);
      window.removeEventListener("afterprint", restore);
      print.removeEventListener("change", onChange);
      restore();
    };
  }, []);
}
