import { render } from "preact";
import { CampaignPage } from "./CampaignPage.tsx";
import { DemoPage } from "./DemoPage.tsx";
import "./landing.css";

// The public pages: /marketing-demo and /marketing/{campaignId}. A bare /marketing is the invalid
// link a customer gets from a cut-off address; a signed-in staff member is sent on to the staff
// app's claim screen, where /marketing redirects (spec section 2).
const STAFF_TOKEN_KEY = "tumble.auth.token";

function App() {
  const path = window.location.pathname;
  if (path.startsWith("/marketing-demo")) return <DemoPage />;
  const id = decodeURIComponent(path.replace(/^\/marketing\/?/, "").split("/")[0] ?? "");
  return <CampaignPage campaignId={id} />;
}

function hasStaffSession(): boolean {
  try {
    return Boolean(window.localStorage.getItem(STAFF_TOKEN_KEY));
  } catch {
    return false;
  }
}

if (/^\/marketing\/?$/.test(window.location.pathname) && hasStaffSession()) window.location.replace("/marketing/claim");
else render(<App />, document.getElementById("app")!);
