import { MantineProvider, type MantineColorSchemeManager, type MantineThemeOverride } from "@mantine/core";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { cssVariablesResolver } from "../../../lib/theme";

// A theme preview in one colour scheme, in an iframe of its own: Mantine's light and dark rules
// match the nearest `data-mantine-color-scheme` ancestor *or* the page's <html>, so a light
// preview inside a dark page would take dark styles. The frame has its own <html>, the app's
// stylesheets (copied, and kept in step as lazy chunks add theirs) and its own MantineProvider;
// React renders into it through a portal, so context (translations) carries over.

/** Never stores anything: the preview's scheme is forced, and the user's choice stays theirs. */
const FIXED_SCHEME: MantineColorSchemeManager = {
  get: (fallback) => fallback,
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

const BLANK = "<!doctype html><html><head></head><body></body></html>";

function copyStyles(from: Document, to: Document): () => void {
  const isStyle = (node: Node): node is HTMLElement =>
    node instanceof from.defaultView!.HTMLElement && (node.tagName === "STYLE" || (node.tagName === "LINK" && (node as HTMLLinkElement).rel === "stylesheet"));
  const copy = (node: Node) => {
    if (isStyle(node)) to.head.appendChild(to.importNode(node, true));
  };
  from.head.childNodes.forEach(copy);
  const observer = new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(copy)));
  observer.observe(from.head, { childList: true });
  return () => observer.disconnect();
}

export function PreviewFrame({
  scheme,
  theme,
  title,
  children,
}: {
  scheme: "light" | "dark";
  theme: MantineThemeOverride;
  title: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<Document | null>(null);
  const [height, setHeight] = useState(480);

  useEffect(() => {
    if (!doc) return;
    const stopStyles = copyStyles(document, doc);
    // The content's own height (plus the frame's border): the frame's <html> is at least as tall as the frame, so it would never shrink.
    const resize = new ResizeObserver(() => setHeight(Math.ceil(content.current?.getBoundingClientRect().height ?? 0) + 2 || 480));
    if (content.current) resize.observe(content.current);
    return () => {
      stopStyles();
      resize.disconnect();
    };
  }, [doc]);

  return (
    <>
      <iframe
        ref={frame}
        title={title}
        srcDoc={BLANK}
        onLoad={() => {
          const inner = frame.current?.contentDocument ?? null;
          if (inner) inner.documentElement.lang = document.documentElement.lang;
          setDoc(inner);
        }}
        data-testid={`theme-preview-${scheme}`}
        style={{ width: "100%", height, border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-md)", display: "block" }}
      />
      {doc
        ? createPortal(
            <MantineProvider
              theme={theme}
              cssVariablesResolver={cssVariablesResolver}
              forceColorScheme={scheme}
              colorSchemeManager={FIXED_SCHEME}
              getRootElement={() => doc.documentElement}
            >
              <div ref={content}>{children}</div>
            </MantineProvider>,
            doc.body,
          )
        : null}
    </>
  );
}
