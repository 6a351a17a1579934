import "./app/firstPaintStyles";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadSignedInApp } from "./app/App";
import { installGlobalErrorHandlers } from "./app/globalErrors";
import { dropPrerenderedSignInIfHidden } from "./features/auth/prerenderedSignIn";
import { authStore } from "./lib/auth";
import { startLiveClient } from "./lib/client";
import "./lib/i18n";

installGlobalErrorHandlers();
dropPrerenderedSignInIfHidden();
authStore.init();
// A stored session resumes into the signed-in app: fetch it alongside, not after.
if (authStore.getSnapshot().token) preloadSignedInApp();
// The store kiosk (/kiosk) calls over HTTP only: no live socket to keep retrying while offline.
if (!/^\/kiosk(\/|$)/.test(window.location.pathname)) startLiveClient();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
