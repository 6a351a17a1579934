import "./app/firstPaintStyles";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadSignedInApp } from "./app/App";
import { installGlobalErrorHandlers } from "./app/globalErrors";
import { dropPrerenderedSignInIfHidden } from "./features/auth/prerenderedSignIn";
import { enterKioskPage } from "./features/kiosk/kioskDevice";
import { authStore } from "./lib/auth";
import { startLiveClient } from "./lib/client";
import "./lib/i18n";

installGlobalErrorHandlers();
// A browser that is a store's kiosk shows the kiosk on every path (issue 31).
const kioskPage = enterKioskPage();
dropPrerenderedSignInIfHidden();
authStore.init();
// A stored session resumes into the signed-in app: fetch it alongside, not after.
if (authStore.getSnapshot().token && !kioskPage) preloadSignedInApp();
// The store kiosk calls over HTTP only: no live socket to keep retrying while offline.
if (!kioskPage) startLiveClient();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
