import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { isDatabaseId } from "./campaignId.ts";
import { callPublic } from "./rpc.ts";
import "./landing.css";

type State = { kind: "invalid" } | { kind: "loading" } | { kind: "unavailable" } | { kind: "ready"; campaign: { name?: string; displayName?: string } };

function CampaignPage({ campaignId }: { campaignId: string }) {
  const [state, setState] = useState<State>(campaignId ? { kind: "loading" } : { kind: "invalid" });
  useEffect(() => {
    if (!campaignId) return;
    const path = isDatabaseId(campaignId) ? "marketing:getCampaignById" : "marketing:getCampaignByFriendlyIdPublic";
    const args = isDatabaseId(campaignId) ? { campaignId } : { friendlyId: campaignId };
    callPublic<{ name?: string; displayName?: string } | null>("query", path, args)
      .then((campaign) => setState(campaign ? { kind: "ready", campaign } : { kind: "unavailable" }))
      .catch(() => setState({ kind: "unavailable" }));
  }, [campaignId]);

  if (state.kind === "invalid") return <Notice title="Invalid link" text="This promotion link is not valid." />;
  if (state.kind === "loading") return <p class="status" role="status">Loading…</p>;
  if (state.kind === "unavailable") return <Notice title="Not available" text="This promotion is not available." />;
  return <h1>{state.campaign.displayName ?? state.campaign.name}</h1>;
}

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <section class="notice">
      <h1>{title}</h1>
      <p>{text}</p>
    </section>
  );
}

function App() {
  const path = window.location.pathname;
  if (path.startsWith("/marketing-demo")) return <Notice title="Marketing demo" text="Create a demo campaign to preview the landing page." />;
  const id = decodeURIComponent(path.replace(/^\/marketing\/?/, "").split("/")[0] ?? "");
  return <CampaignPage campaignId={id} />;
}

render(<App />, document.getElementById("app")!);
