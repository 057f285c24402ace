// Retentia explorer: talks only to the public GraphQL API of its own origin, with the
// user's key (kept in sessionStorage) in Authorization. Every view has an address (#hash).
import Graph from "graphology";
import Sigma from "sigma";
import FA2Layout from "graphology-layout-forceatlas2/worker";
import forceAtlas2 from "graphology-layout-forceatlas2";
import louvain from "graphology-communities-louvain";

const ENDPOINT = document.body.dataset.endpoint || "/graphql";
const STATUS_COLOURS = { TAGGED: "#ff7043", ACTIVE: "#2e7d32", EPISODIC: "#0277bd", SEMANTIC: "#00897b", DORMANT: "#9e9e9e", CORE: "#f9a825" };
const PARTITION_COLOURS = { CAUSAL: "#c62828", SUPPORTIVE: "#1565c0", NEGATIVE: "#6a1b9a", NEUTRAL: "#90a4ae" };
const NODE_FIELDS = "id summary content status category score stability createdAt";
const $ = (id) => document.getElementById(id);

const state = { graph: new Graph({ multi: true, type: "directed" }), renderer: null, selected: null, focus: null, pagerank: new Map() };

async function gql(query, variables) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  const key = sessionStorage.getItem("retentia-key");
  if (key) headers.Authorization = `Bearer ${key}`;
  const response = await fetch(ENDPOINT, { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  const body = await response.json();
  if (body.errors) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data;
}

function problem(result) {
  // Typed errors come back as union members with a message.
  if (result && result.__typename && result.message !== undefined) return `${result.__typename}: ${result.message}`;
  return null;
}

function say(text) { $("status").textContent = text; }

function hashParams() { return new URLSearchParams(location.hash.replace(/^#/, "")); }
function setHash(update) {
  const params = hashParams();
  for (const [k, v] of Object.entries(update)) { if (v === null || v === undefined || v === "") params.delete(k); else params.set(k, v); }
  history.replaceState(null, "", `#${params.toString()}`);
}

function nodeSize(attrs) {
  const by = $("size-by").value;
  const v = by === "pagerank" ? (state.pagerank.get(attrs.memoryId) || 0) * 40 : attrs.score;
  // Smaller as the canvas fills up, so 10,000 memories are not one blob.
  const scale = Math.max(0.2, Math.min(1, 40 / Math.sqrt(state.graph.order || 1)));
  return scale * (8 + 16 * Math.min(1, Math.max(0, v || 0)));
}

function addMemory(m) {
  const attrs = { label: (m.summary || m.content || "").slice(0, 40), memoryId: m.id, content: m.content, status: m.status, category: m.category, score: m.score, createdAt: m.createdAt, color: STATUS_COLOURS[m.status] || "#455a64" };
  if (state.graph.hasNode(m.id)) state.graph.mergeNodeAttributes(m.id, attrs);
  else state.graph.addNode(m.id, { ...attrs, x: Math.random() * 10, y: Math.random() * 10, size: 6 });
}

function addEdge(e) {
  const key = `${e.source}|${e.type}|${e.target}`;
  if (state.graph.hasEdge(key) || !state.graph.hasNode(e.source) || !state.graph.hasNode(e.target)) return;
  state.graph.addEdgeWithKey(key, e.source, e.target, { edgeType: e.type, partition: e.partition, color: PARTITION_COLOURS[e.partition] || "#90a4ae", size: 1 + 2 * (e.weight || 0) });
}

function visible(attrs) {
  const status = $("filter-status").value, category = $("filter-category").value, since = $("filter-since").value;
  if (status && attrs.status !== status) return false;
  if (category && attrs.category !== category) return false;
  if (since && attrs.createdAt && attrs.createdAt < since) return false;
  return true;
}

function layout(then) {
  // Bounded: a synchronous pass for small graphs, the FA2 web worker for large ones, stopped
  // after a fixed time; the canvas shows the laid-out graph only.
  const n = state.graph.order;
  if (n === 0) { then(); return; }
  const settings = forceAtlas2.inferSettings(state.graph);
  if (n <= 2000) { forceAtlas2.assign(state.graph, { iterations: 200, settings }); then(); return; }
  const worker = new FA2Layout(state.graph, { settings });
  worker.start();
  setTimeout(() => { worker.stop(); worker.kill(); then(); }, Math.min(4000, 500 + n / 5));
}

function render() {
  for (const id of state.graph.nodes()) state.graph.setNodeAttribute(id, "size", nodeSize(state.graph.getNodeAttributes(id)));
  if (!state.renderer) {
    state.renderer = new Sigma(state.graph, $("canvas"), {
      renderEdgeLabels: false,
      // Sizes in screen pixels: sigma 4's default ("positions") scales them with the graph's
      // extent, so a 4-memory graph drew nodes hundreds of pixels wide.
      itemSizesReference: "screen",
      // Double-click expands a memory; it must not also zoom the camera in.
      doubleClickZoomingRatio: 1,
      defaultEdgeType: "arrow",
      nodeReducer: (node, data) => {
        const res = { ...data };
        if (!visible(data)) res.hidden = true;
        if (state.focus && !state.focus.has(node)) { res.color = "#e0e0e0"; res.label = ""; }
        if (state.orphans && state.orphans.has(node)) { res.color = "#d50000"; res.highlighted = true; }
        if (node === state.selected) res.highlighted = true;
        return res;
      },
      edgeReducer: (edge, data) => {
        const res = { ...data };
        const type = $("filter-edge").value;
        if (type && data.edgeType !== type) res.hidden = true;
        if (state.focus) { const [s, t] = state.graph.extremities(edge); if (!state.focus.has(s) || !state.focus.has(t)) res.hidden = true; }
        return res;
      },
    });
    // Passed to the constructor the setting did not hold (read back as "positions"); set here it does.
    state.renderer.setSetting("itemSizesReference", "screen");
    state.renderer.setSetting("labelRenderedSizeThreshold", state.graph.order > 500 ? 12 : 0);
    state.renderer.on("clickNode", ({ node }) => select(node));
    state.renderer.on("doubleClickNode", (event) => { event.preventSigmaDefault(); expand(event.node); });
    state.renderer.on("clickStage", () => { state.focus = null; state.orphans = null; state.renderer.refresh(); });
  } else {
    state.renderer.refresh();
    state.renderer.getCamera().animate({ x: 0.5, y: 0.5, ratio: 1, angle: 0 }, { duration: 200 });
  }
  $("counts").textContent = `${state.graph.order} memories, ${state.graph.size} edges on the canvas`;
}

async function search(text) {
  setHash({ q: text, view: "graph" });
  say(`recalling “${text}”…`);
  const data = await gql(`query($q: String!) { recall(query: $q, k: 25, readOnly: true) { __typename ... on Recall { hits { id memory { ${NODE_FIELDS} } } } ... on InvalidInput { message } ... on RecallUnavailable { message } } }`, { q: text });
  const err = problem(data.recall); if (err) { say(err); return; }
  state.graph.clear(); state.focus = null; state.orphans = null;
  for (const hit of data.recall.hits) if (hit.memory) addMemory(hit.memory);
  const ids = data.recall.hits.map((h) => h.id);
  let capped = false;
  for (const id of ids) capped = (await neighbourhood(id, 1, 50)) || capped;
  $("results").innerHTML = "";
  for (const hit of data.recall.hits) {
    const li = document.createElement("li"); li.tabIndex = 0; li.textContent = (hit.memory && (hit.memory.summary || hit.memory.content)) || hit.id;
    li.addEventListener("click", () => select(hit.id)); li.addEventListener("keydown", (e) => { if (e.key === "Enter") select(hit.id); });
    $("results").appendChild(li);
  }
  say(`${ids.length} hits${capped ? " — some neighbourhoods are capped at 50 memories: narrow the search" : ""}`);
  layout(render);
}

async function neighbourhood(id, depth, first) {
  const data = await gql(`query($id: ID!, $d: Int!, $f: Int!) { traverse(id: $id, depth: $d, first: $f) { __typename ... on Subgraph { nodes { ${NODE_FIELDS} } edges { source target type partition weight } pageInfo { hasNextPage } } ... on NotFound { message } ... on InvalidInput { message } } }`, { id, d: depth, f: first });
  const err = problem(data.traverse); if (err) { say(err); return false; }
  for (const m of data.traverse.nodes) addMemory(m);
  for (const e of data.traverse.edges) addEdge(e);
  return data.traverse.pageInfo.hasNextPage;
}

async function expand(id) {
  const capped = await neighbourhood(id, 1, 200);
  state.focus = new Set([id, ...state.graph.neighbors(id)]);
  setHash({ expand: id });
  say(`expanded ${id.slice(0, 8)}: ${state.focus.size - 1} neighbours${capped ? " (showing 200 — more exist)" : ""}`);
  layout(render);
}

async function select(id) {
  state.selected = id; setHash({ sel: id });
  const data = await gql(`query($id: ID!) { explain(id: $id) { __typename ... on Explanation { memory { id content status category entities } formula score nextTransition forces { name value inputs { name value } } forgetting { forget deletionScore conjuncts { name holds detail } } removalImpact } ... on NotFound { message } ... on InvalidInput { message } } }`, { id });
  const err = problem(data.explain); if (err) { say(err); return; }
  const x = data.explain;
  state.orphans = new Set(x.removalImpact);
  const panel = $("panel"); panel.innerHTML = "";
  const h = (tag, text, cls) => { const el = document.createElement(tag); el.textContent = text; if (cls) el.className = cls; panel.appendChild(el); return el; };
  h("h2", `${x.memory.status.toLowerCase()} · ${x.memory.category.toLowerCase()}`);
  h("p", x.memory.content, "content");
  h("p", `entities: ${x.memory.entities.join(", ") || "none"}`);
  h("h3", `score ${x.score.toFixed(3)} — ${x.nextTransition}`);
  h("code", x.formula);
  h("h3", "forces");
  for (const f of x.forces) h("div", `${f.name} = ${f.value.toFixed(3)} (${f.inputs.map((i) => `${i.name} ${i.value}`).join(", ")})`, "force");
  h("h3", `forgetting: ${x.forgetting.forget ? "would forget" : "kept"}`);
  for (const c of x.forgetting.conjuncts) h("div", `${c.holds ? "✓" : "✗"} ${c.name}: ${c.detail}`, c.holds ? "holds" : "fails");
  h("h3", `removal impact: ${x.removalImpact.length} orphaned (red on the canvas)`);
  for (const o of x.removalImpact) h("div", o, "orphan");
  panel.hidden = false;
  if (state.renderer) state.renderer.refresh();
}

async function dashboard() {
  setHash({ view: "dashboard" });
  $("dashboard").hidden = false;
  $("dashboard").textContent = "computing analytics…";
  const data = await gql(`{ analytics { __typename ... on Analytics { computedAt inDatabase memories causalEdges supportEdges pagerank { items { memoryId value } total } articulationPoints { items { memoryId value } total } longestChain communityCount communities { name members } cycles { memoriesOnCycles truncated } components { count largest isolated } orphanCount staleAutoLinks statusByMonth { month key count } churn { facts superseded supersededShare } } ... on InvalidInput { message } } }`);
  const err = problem(data.analytics); if (err) { $("dashboard").textContent = err; return; }
  const a = data.analytics;
  state.pagerank = new Map(a.pagerank.items.map((i) => [i.memoryId, i.value]));
  const rows = [
    ["memories", a.memories], ["causal edges", a.causalEdges], ["supportive edges", a.supportEdges],
    ["components", `${a.components.count} (largest ${a.components.largest}, isolated ${a.components.isolated})`],
    ["communities", a.communityCount], ["memories on causal cycles", `${a.cycles.memoriesOnCycles}${a.cycles.truncated ? " (truncated)" : ""}`],
    ["load-bearing memories", a.articulationPoints.total], ["longest causal chain", a.longestChain.length],
    ["orphans", a.orphanCount], ["stale auto-links", a.staleAutoLinks],
    ["facts superseded", `${a.churn.superseded} of ${a.churn.facts} (${(100 * a.churn.supersededShare).toFixed(1)}%)`],
    ["computed in the database", a.inDatabase.join(", ") || "none (networkx on a bounded export)"],
  ];
  const box = $("dashboard"); box.innerHTML = "<h2>Analytics</h2>";
  const close = Object.assign(document.createElement("button"), { textContent: "close (Esc)", type: "button" });
  close.addEventListener("click", () => { box.hidden = true; setHash({ view: "graph" }); });
  box.prepend(close);
  const table = document.createElement("table");
  for (const [k, v] of rows) { const tr = table.insertRow(); tr.insertCell().textContent = k; tr.insertCell().textContent = String(v); }
  box.appendChild(table);
  const hubs = document.createElement("ol"); box.appendChild(Object.assign(document.createElement("h3"), { textContent: "causal hubs (PageRank)" }));
  for (const i of a.pagerank.items.slice(0, 10)) { const li = document.createElement("li"); li.textContent = `${i.memoryId.slice(0, 8)} ${i.value.toFixed(4)}`; li.tabIndex = 0; li.addEventListener("click", () => select(i.memoryId)); hubs.appendChild(li); }
  box.appendChild(hubs);
  if (state.graph.order > 2) { const communities = louvain(state.graph.copy({ type: "undirected", multi: false }), { getEdgeWeight: null }); box.appendChild(Object.assign(document.createElement("p"), { textContent: `communities on the canvas (Louvain in the browser): ${new Set(Object.values(communities)).size}` })); }
}

function wire() {
  $("key").value = sessionStorage.getItem("retentia-key") || "";
  $("key").addEventListener("change", () => sessionStorage.setItem("retentia-key", $("key").value.trim()));
  $("search-form").addEventListener("submit", (e) => { e.preventDefault(); search($("search").value).catch((err) => say(String(err.message))); });
  for (const id of ["filter-status", "filter-category", "filter-edge", "filter-since", "size-by"]) $(id).addEventListener("change", () => { setHash({ [id]: $(id).value }); if (state.renderer) render(); });
  $("open-dashboard").addEventListener("click", () => dashboard().catch((err) => say(String(err.message))));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === "/") { e.preventDefault(); $("search").focus(); }
    if (e.key === "Escape") { $("dashboard").hidden = true; state.focus = null; state.orphans = null; $("panel").hidden = true; if (state.renderer) state.renderer.refresh(); }
    if (e.key === "d") dashboard();
    if ((e.key === "ArrowRight" || e.key === "ArrowLeft") && state.selected && state.graph.hasNode(state.selected)) {
      const nbrs = state.graph.neighbors(state.selected); if (nbrs.length) select(nbrs[e.key === "ArrowRight" ? 0 : nbrs.length - 1]);
    }
    if (e.key === "Enter" && state.selected) expand(state.selected);
  });
  const params = hashParams();
  for (const id of ["filter-status", "filter-category", "filter-edge", "filter-since", "size-by"]) if (params.get(id)) $(id).value = params.get(id);
  if (params.get("q")) { $("search").value = params.get("q"); search(params.get("q")).then(() => params.get("sel") && select(params.get("sel"))).catch((err) => say(String(err.message))); }
  if (params.get("view") === "dashboard") dashboard().catch((err) => say(String(err.message)));
  state.show = () => layout(render); // for the bench: lay out and draw what is in state.graph
  window.retentiaExplorer = state; // for tests and the bench
  say("ready: search or recall (press / to focus)");
}

wire();
