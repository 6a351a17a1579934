import { render } from "preact";
import { CampaignPage } from "./CampaignPage.tsx";
import { DemoPage } from "./DemoPage.tsx";
import "./landing.css";

// The public pages: /marketing-demo and /marketing/{campaignId}.
function App() {
  const path = window.location.pathname;
  if (path.startsWith("/marketing-demo")) return <DemoPage />;
  const id = decodeURIComponent(path.replace(/^\/marketing\/?/, "").split("/")[0] ?? "");
  return <CampaignPage campaignId={id} />;
}

render(<App />, document.getElementById("app")!);
