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

const state = { graph: new Graph({ multi: true, type: "directed" }), renderer: null, selected: null, focus: null, pagerank: new Map(), generation: 0 };

// A request the key may not make: said as such (never a JavaScript error about missing data).
class Denied extends Error {}

async function gql(query, variables) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  const key = sessionStorage.getItem("retentia-key");
  if (key) headers.Authorization = `Bearer ${key}`;
  const project = currentProject();
  if (project) headers["X-Retentia-Project"] = project;
  const response = await fetch(ENDPOINT, { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  const body = await response.json();
  if (body.errors) {
    const codes = body.errors.map((e) => (e.extensions || {}).code);
    const text = body.errors.map((e) => e.message).join("; ");
    if (codes.includes("UNAUTHENTICATED")) throw new Denied(`Not signed in: enter an API key (top right). The server says: ${text}`);
    if (codes.includes("FORBIDDEN")) throw new Denied(`Not allowed with this key: ${text}`);
    throw new Error(text);
  }
  return body.data;
}

function currentProject() { return hashParams().get("project") || ""; }

function problem(result) {
  // Typed errors come back as union members with a message.
  if (result && result.__typename && result.message !== undefined) return `${result.__typename}: ${result.message}`;
  return null;
}

function say(text) { $("status").textContent = text; }
// A failure the page did not expect (a GraphQL error, a bug): said, and logged as an error so
// that the end-to-end test's zero-console-errors check catches it.
function fail(err) {
  say(String(err.message || err));
  if (!(err instanceof Denied)) console.error(err); // a denial is an answer, not a bug
}

function hashParams() { return new URLSearchParams(location.hash.replace(/^#/, "")); }
function setHash(update) {
  const params = hashParams();
  for (const [k, v] of Object.entries(update)) { if (v === null || v === undefined || v === "") params.delete(k); else params.set(k, v); }
  history.replaceState(null, "", `#${params.toString()}`);
}

function nodeSize(attrs) {
  const by = $("size-by").value;
  const v = by === "pagerank" ? (state.pagerank.get(attrs.memoryId) || 0) * 40 : attrs.score;
  // Smaller as the canvas fills up — about as 1/√n, so the memories cover a fixed share of
  // the canvas and 10,000 of them are not one blob.
  const scale = Math.max(0.06, Math.min(1, 10 / Math.sqrt(state.graph.order || 1)));
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

function simpleUndirected() {
  // Louvain wants a simple undirected graph; graphology will not copy a directed multigraph
  // into one, so it is built edge by edge.
  const simple = new Graph({ type: "undirected" });
  state.graph.forEachNode((n) => simple.addNode(n));
  state.graph.forEachEdge((e, a, s, t) => { if (s !== t && !simple.hasEdge(s, t)) simple.addEdge(s, t); });
  return simple;
}

function seedByCommunity() {
  // Large graphs start from a readable picture: Louvain's communities on a sunflower spiral,
  // each a disc sized by its membership, so the bounded ForceAtlas2 run that follows only
  // refines it (from random positions it leaves 10k+ memories as one dense ball).
  const g = state.graph;
  const community = louvain(simpleUndirected(), { getEdgeWeight: null });
  const members = new Map();
  for (const [n, c] of Object.entries(community)) { if (!members.has(c)) members.set(c, []); members.get(c).push(n); }
  const groups = [...members.values()].sort((a, b) => b.length - a.length);
  const golden = Math.PI * (3 - Math.sqrt(5));
  let placed = 0;
  groups.forEach((nodes, i) => {
    const r = Math.sqrt(placed + nodes.length / 2) * 2.2; placed += nodes.length;
    const cx = r * Math.cos(i * golden), cy = r * Math.sin(i * golden), spread = Math.sqrt(nodes.length) * 0.6;
    nodes.forEach((n, j) => {
      const a = j * golden, d = spread * Math.sqrt((j + 0.5) / nodes.length);
      g.mergeNodeAttributes(n, { x: cx + d * Math.cos(a), y: cy + d * Math.sin(a), community: i });
    });
  });
  return groups.length;
}

function layout(then) {
  // Bounded: a synchronous pass for small graphs; for large ones community seeding and then
  // the FA2 web worker, stopped after a fixed time. The canvas shows the laid-out graph only.
  const n = state.graph.order;
  if (n === 0) { then(); return; }
  const settings = forceAtlas2.inferSettings(state.graph);
  if (n <= 2000) { forceAtlas2.assign(state.graph, { iterations: 200, settings }); then(); return; }
  seedByCommunity();
  const worker = new FA2Layout(state.graph, { settings: { ...settings, barnesHutOptimize: true, gravity: 0.05, slowDown: 20 } });
  worker.start();
  setTimeout(() => { worker.stop(); worker.kill(); then(); }, Math.min(3000, 500 + n / 5));
}

function translucent(color) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color || "");
  return m ? `rgba(${parseInt(m[1], 16)},${parseInt(m[2], 16)},${parseInt(m[3], 16)},0.18)` : color;
}

function render() {
  state.dense = state.graph.size > 2000;
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
        // Thousands of edges drawn solid hide the memories: thin and translucent instead.
        if (state.dense) { res.color = translucent(data.color); res.size = 0.5; }
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

//: Most memories one canvas request draws; the rest is counted (`total`) and said.
const CAP = 2000;
const SUBGRAPH_FIELDS = `__typename ... on BoundedSubgraph { nodes { ${NODE_FIELDS} } edges { source target type partition weight } seeds total totalExact truncated } ... on NotFound { message } ... on InvalidInput { message } ... on RecallUnavailable { message }`;

function capNote(x) {
  // The honest cap: what is drawn of how many were reached.
  if (!x.truncated) return "";
  const total = `${x.total.toLocaleString("en")}${x.totalExact ? "" : "+"}`;
  return ` — showing ${x.nodes.length.toLocaleString("en")} of ${total} — narrow the filter`;
}

// `#cap=N` draws fewer (1–5,000): to look at a big tenant a piece at a time, and for tests.
function cap() { const n = Number(hashParams().get("cap")); return n >= 1 && n <= 5000 ? Math.floor(n) : CAP; }

async function subgraph(args, generation = state.generation) {
  const data = await gql(`query($ids: [ID!], $q: String, $entity: String, $d: Int!, $f: Int!, $types: [EdgeType!]) { subgraph(ids: $ids, query: $q, entity: $entity, depth: $d, first: $f, edgeTypes: $types) { ${SUBGRAPH_FIELDS} } }`, { d: 1, f: cap(), ...args });
  const x = data.subgraph;
  const err = problem(x); if (err) { say(err); return null; }
  if (generation !== state.generation) return null; // a newer view was asked for meanwhile
  for (const m of x.nodes) addMemory(m);
  for (const e of x.edges) addEdge(e);
  return x;
}

function listResults(ids, byId) {
  $("results").innerHTML = "";
  for (const id of ids) {
    const m = byId.get(id);
    const li = document.createElement("li"); li.tabIndex = 0; li.textContent = m ? m.summary || m.content : `${id.slice(0, 8)} — not drawn (over the cap)`;
    li.addEventListener("click", () => select(id)); li.addEventListener("keydown", (e) => { if (e.key === "Enter") select(id); });
    $("results").appendChild(li);
  }
}

// What the page opens on: the chosen project's most recent memories and their neighbours, so
// the canvas is never empty while the project holds something.
async function overview() {
  const generation = ++state.generation;
  const project = currentProject() || "default";
  const data = await gql("{ memories(first: 25) { __typename ... on MemoryConnection { nodes { id } } } }");
  const recent = ((data.memories || {}).nodes || []).map((n) => n.id);
  if (generation !== state.generation) return;
  if (!recent.length) { say(`ready — project ${project} holds no memories yet${otherProjects()}`); return; }
  state.graph.clear();
  const x = await subgraph({ ids: recent, types: edgeTypes() }, generation);
  if (!x) return;
  listResults(recent, new Map(x.nodes.map((m) => [m.id, m])));
  say(`ready — overview of project ${project}: its ${recent.length} most recent memories and their neighbours (search or recall to focus; d: analytics)`);
  layout(render);
  // Then its most central memories (PageRank) and how many communities it holds: the project's
  // analytics, which may take a moment on a large project (or be refused past its bound).
  const data2 = await gql("{ analytics { __typename ... on Analytics { pagerank { items { memoryId } } communityCount } } }");
  const a = data2.analytics;
  if (generation !== state.generation || !a || a.__typename !== "Analytics") return;
  const central = a.pagerank.items.slice(0, 10).map((i) => i.memoryId).filter((id) => !state.graph.hasNode(id));
  if (central.length && !(await subgraph({ ids: central, types: edgeTypes() }, generation))) return;
  say(`ready — overview of project ${project}: its ${recent.length} most recent memories, its most central ones (PageRank) and their neighbours; ${a.communityCount} communities (search or recall to focus; d: analytics)`);
  if (central.length) layout(render);
}

function edgeTypes() { const t = $("filter-edge").value; return t ? [t] : null; }

async function search(text) {
  setHash({ q: text, view: "graph" });
  say(`recalling “${text}”…`);
  const generation = ++state.generation;
  state.graph.clear(); state.focus = null; state.orphans = null;
  const x = await subgraph({ q: text, types: edgeTypes() }, generation);
  if (!x) return;
  listResults(x.seeds, new Map(x.nodes.map((m) => [m.id, m])));
  say(`${x.seeds.length} hits in project ${currentProject() || "default"}${capNote(x)}${x.seeds.length ? "" : otherProjects()}`);
  layout(render);
}

async function expand(id) {
  const x = await subgraph({ ids: [id], types: edgeTypes() });
  if (!x) return;
  state.focus = new Set([id, ...state.graph.neighbors(id)]);
  setHash({ expand: id });
  say(`expanded ${id.slice(0, 8)}: ${state.focus.size - 1} neighbours${capNote(x)}`);
  layout(render);
}

async function select(id) {
  state.selected = id; setHash({ sel: id });
  const data = await gql(`query($id: ID!) { explain(id: $id) { __typename ... on Explanation { memory { id content status category entities facts { subject predicate object state validFrom validTo } } formula score nextTransition forces { name value inputs { name value } } forgetting { forget deletionScore conjuncts { name holds detail } } removalImpact } ... on NotFound { message } ... on InvalidInput { message } } }`, { id });
  const err = problem(data.explain); if (err) { say(err); return; }
  const x = data.explain;
  state.orphans = new Set(x.removalImpact);
  const panel = $("panel"); panel.innerHTML = "";
  const h = (tag, text, cls) => { const el = document.createElement(tag); el.textContent = text; if (cls) el.className = cls; panel.appendChild(el); return el; };
  h("h2", `${x.memory.status.toLowerCase()} · ${x.memory.category.toLowerCase()}`);
  h("p", x.memory.content, "content");
  const entities = h("p", "entities: ");
  if (!x.memory.entities.length) entities.append("none");
  for (const name of x.memory.entities) {
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: name, className: "entity" });
    b.addEventListener("click", () => openEntity(name).catch(fail));
    entities.append(b, " ");
  }
  h("h3", `facts (${x.memory.facts.length})`);
  for (const f of x.memory.facts) h("div", `${f.subject} — ${f.predicate} — ${f.object} · ${f.state.toLowerCase()} ${span(f)}`, `fact ${f.state.toLowerCase()}`);
  h("h3", `score ${x.score.toFixed(3)} — ${x.nextTransition}`);
  h("code", x.formula);
  h("h3", "forces");
  for (const f of x.forces) h("div", `${f.name} = ${f.value.toFixed(3)} (${f.inputs.map((i) => `${i.name} ${i.value}`).join(", ")})`, "force");
  // A condition that holds moves the memory toward forgetting: amber, never a green tick.
  h("h3", x.forgetting.forget
    ? "forgetting: every condition holds — the next maintenance pass moves it to the forgotten memories (restorable until purged)"
    : "forgetting: kept — not every condition holds");
  for (const c of x.forgetting.conjuncts) h("div", `${c.holds ? "● met" : "○ not met"} — ${c.name}: ${c.detail}`, c.holds ? "toward" : "against");
  h("h3", `removal impact: ${x.removalImpact.length} orphaned (red on the canvas)`);
  for (const o of x.removalImpact) h("div", o, "orphan");
  panel.hidden = false;
  if (state.renderer) { state.renderer.resize(); state.renderer.refresh(); }
}


const day = (iso) => (iso ? iso.slice(0, 10) : "…");

// The dates under the tracks: five ticks from the first instant to now (or the last one).
function timeAxis(lo, hi) {
  const row = document.createElement("div"); row.className = "slot axis";
  row.append(Object.assign(document.createElement("div"), { className: "slot-name", textContent: "" }));
  const track = document.createElement("div"); track.className = "track axis-track";
  for (let i = 0; i <= 4; i += 1) {
    const at = new Date(lo + ((hi - lo) * i) / 4).toISOString();
    const tick = Object.assign(document.createElement("span"), { className: "tick", textContent: day(at) });
    tick.style.left = `${25 * i}%`;
    track.appendChild(tick);
  }
  row.appendChild(track);
  return row;
}
function span(f) { return `${day(f.validFrom)} → ${f.validTo ? day(f.validTo) : "now"}`; }
const FACT_FIELDS = "id subject predicate object state validFrom validTo recordedAt supersededBy sourceId";

// The entity view: one timeline per slot (subject–predicate) and an as-of slider whose steps
// are the instants a value started or ended; each step asks `facts(entity, asOf)` what held.
async function openEntity(name, asOf) {
  setHash({ entity: name, asOf: asOf || null });
  const data = await gql(`query($n: String!) { entity(name: $n) { __typename ... on Entity { name history { ${FACT_FIELDS} } } ... on NotFound { message } ... on InvalidInput { message } } }`, { n: name });
  const box = $("entity-view");
  const err = problem(data.entity); if (err) { box.hidden = false; box.textContent = err; return; }
  const ent = data.entity;
  const slots = new Map();
  for (const f of ent.history) {
    const key = `${f.subject}\u0000${f.predicate}`;
    if (!slots.has(key)) slots.set(key, []);
    slots.get(key).push(f);
  }
  const instants = [...new Set(ent.history.flatMap((f) => [f.validFrom || f.recordedAt, f.validTo].filter(Boolean)))].sort();
  box.innerHTML = ""; box.hidden = false;
  const close = Object.assign(document.createElement("button"), { type: "button", textContent: "close (Esc)" });
  close.addEventListener("click", () => { box.hidden = true; setHash({ entity: null, asOf: null }); });
  box.append(close, Object.assign(document.createElement("h2"), { textContent: `entity: ${ent.name}` }));
  const lo = instants.length ? Date.parse(instants[0]) : 0;
  const hi = Math.max(Date.now(), instants.length ? Date.parse(instants[instants.length - 1]) : 0);
  for (const [key, facts] of slots) {
    const [subject, predicate] = key.split("\u0000");
    const row = document.createElement("div"); row.className = "slot";
    row.append(Object.assign(document.createElement("div"), { className: "slot-name", textContent: `${subject} — ${predicate}` }));
    const track = document.createElement("div"); track.className = "track";
    for (const f of facts) {
      const start = Date.parse(f.validFrom || f.recordedAt), end = f.validTo ? Date.parse(f.validTo) : hi;
      const bar = document.createElement("span"); bar.className = `bar ${f.state.toLowerCase()}`;
      bar.style.left = `${(100 * (start - lo)) / (hi - lo || 1)}%`;
      bar.style.width = `${Math.max(2, (100 * (end - start)) / (hi - lo || 1))}%`;
      bar.textContent = f.object; bar.title = `${f.object}: ${span(f)} (${f.state.toLowerCase()})`;
      if (f.sourceId) { bar.tabIndex = 0; bar.addEventListener("click", () => select(f.sourceId)); }
      track.appendChild(bar);
    }
    row.appendChild(track);
    box.appendChild(row);
  }
  if (instants.length) box.appendChild(timeAxis(lo, hi));
  const slider = Object.assign(document.createElement("input"), { type: "range", id: "as-of", min: "0", max: String(Math.max(0, instants.length - 1)), step: "1" });
  slider.setAttribute("aria-label", "as of");
  const label = Object.assign(document.createElement("span"), { id: "as-of-label" });
  const held = Object.assign(document.createElement("ul"), { id: "as-of-values" });
  const wanted = asOf ? instants.findIndex((t) => t >= asOf) : -1;
  slider.value = String(wanted >= 0 ? wanted : instants.length - 1);
  const show = async () => {
    const at = instants[Number(slider.value)];
    if (!at) { label.textContent = "no facts"; return; }
    label.textContent = `as of ${day(at)}`;
    setHash({ asOf: at });
    const got = await gql(`query($n: String!, $at: DateTime!) { facts(entity: $n, asOf: $at, first: 200) { __typename ... on FactList { nodes { ${FACT_FIELDS} } } ... on InvalidInput { message } } }`, { n: ent.name, at });
    const facts = got.facts.nodes || [];
    held.innerHTML = "";
    for (const f of facts) {
      const li = document.createElement("li"); li.className = "held";
      li.dataset.slot = `${f.subject} — ${f.predicate}`; li.dataset.value = f.object;
      li.textContent = `${f.subject} — ${f.predicate}: ${f.object} (${span(f)})`;
      held.appendChild(li);
    }
    if (!facts.length) held.appendChild(Object.assign(document.createElement("li"), { textContent: "nothing held at this instant" }));
  };
  slider.addEventListener("input", () => { show().catch(fail); });
  const bar = document.createElement("div"); bar.className = "as-of"; bar.append("as-of: ", slider, " ", label);
  box.append(bar, held);
  await show();
  say(`entity ${ent.name}: ${slots.size} slot${slots.size === 1 ? "" : "s"}, ${ent.history.length} fact${ent.history.length === 1 ? "" : "s"}`);
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
  const listed = [...a.pagerank.items.slice(0, 10), ...a.articulationPoints.items.slice(0, 10)].map((i) => i.memoryId);
  const texts = await memoryTexts(listed);
  const ranking = (title, ranked, none, show) => {
    box.appendChild(Object.assign(document.createElement("h3"), { textContent: `${title} (${ranked.total})` }));
    const ol = document.createElement("ol"); box.appendChild(ol);
    if (!ranked.items.length) { ol.appendChild(Object.assign(document.createElement("li"), { textContent: none })); return; }
    for (const i of ranked.items.slice(0, 10)) {
      const li = document.createElement("li"); li.tabIndex = 0;
      li.textContent = `${texts.get(i.memoryId) || i.memoryId.slice(0, 8)} — ${show(i.value)}`;
      li.addEventListener("click", () => select(i.memoryId)); ol.appendChild(li);
    }
  };
  ranking("causal hubs (PageRank)", a.pagerank, "none: the project has no causal edges yet", (v) => v.toFixed(4));
  ranking("load-bearing memories (removing one splits the supportive graph)", a.articulationPoints, "none: no memory holds the graph together alone", (v) => `${v} cut off`);
  if (state.graph.order > 2) { const communities = louvain(simpleUndirected(), { getEdgeWeight: null }); box.appendChild(Object.assign(document.createElement("p"), { textContent: `communities on the canvas (Louvain in the browser): ${new Set(Object.values(communities)).size}` })); }
}

// The projects the key may list (project:manage), for the project box; a key that may not
// list them types the name. Nothing is hidden from the user: an empty search names the others.
async function loadProjects() {
  state.projects = [];
  try {
    const data = await gql("{ projects { __typename ... on ProjectList { projects { name memories } } } }");
    state.projects = data.projects.projects || [];
  } catch (err) {
    if (!(err instanceof Denied)) throw err;
    if (/Not signed in/.test(err.message)) { say(err.message); return; }
  }
  const list = $("project-list"); list.innerHTML = "";
  for (const p of state.projects) list.appendChild(Object.assign(document.createElement("option"), { value: p.name, label: `${p.name} (${p.memories} memories)` }));
}

function otherProjects() {
  const others = (state.projects || []).filter((p) => p.name !== (currentProject() || "default") && p.memories > 0);
  return others.length ? ` — other projects: ${others.map((p) => `${p.name} (${p.memories})`).join(", ")}; choose one in the project box` : "";
}

// The summary (or the start) of each memory, by id, in one request.
async function memoryTexts(ids) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const fields = unique.map((id, n) => `m${n}: memory(id: ${JSON.stringify(id)}) { ... on Memory { id summary content } }`).join(" ");
  const data = await gql(`{ ${fields} }`);
  return new Map(Object.values(data).filter((m) => m && m.id).map((m) => [m.id, (m.summary || m.content).slice(0, 120)]));
}

function wire() {
  $("key").value = sessionStorage.getItem("retentia-key") || "";
  $("key").addEventListener("change", () => { sessionStorage.setItem("retentia-key", $("key").value.trim()); loadProjects().then(overview).catch(fail); });
  $("project").value = currentProject();
  $("project").addEventListener("change", () => {
    setHash({ project: $("project").value.trim().toLowerCase() });
    state.graph.clear(); $("results").innerHTML = ""; $("panel").hidden = true;
    if (state.renderer) state.renderer.refresh();
    overview().catch(fail);
  });
  $("search-form").addEventListener("submit", (e) => { e.preventDefault(); search($("search").value).catch(fail); });
  for (const id of ["filter-status", "filter-category", "filter-edge", "filter-since", "size-by"]) $(id).addEventListener("change", () => { setHash({ [id]: $(id).value }); if (state.renderer) render(); });
  $("entity-form").addEventListener("submit", (e) => { e.preventDefault(); openEntity($("entity-name").value.trim()).catch(fail); });
  $("open-dashboard").addEventListener("click", () => dashboard().catch(fail));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === "/") { e.preventDefault(); $("search").focus(); }
    if (e.key === "Escape") { $("dashboard").hidden = true; $("entity-view").hidden = true; state.focus = null; state.orphans = null; $("panel").hidden = true; if (state.renderer) { state.renderer.resize(); state.renderer.refresh(); } }
    if (e.key === "d") dashboard().catch(fail);
    if ((e.key === "ArrowRight" || e.key === "ArrowLeft") && state.selected && state.graph.hasNode(state.selected)) {
      const nbrs = state.graph.neighbors(state.selected); if (nbrs.length) select(nbrs[e.key === "ArrowRight" ? 0 : nbrs.length - 1]);
    }
    if (e.key === "Enter" && state.selected) expand(state.selected);
  });
  const params = hashParams();
  for (const id of ["filter-status", "filter-category", "filter-edge", "filter-since", "size-by"]) if (params.get(id)) $(id).value = params.get(id);
  if (params.get("q")) { $("search").value = params.get("q"); search(params.get("q")).then(() => params.get("sel") && select(params.get("sel"))).catch(fail); }
  if (params.get("entity")) openEntity(params.get("entity"), params.get("asOf")).catch(fail);
  if (params.get("view") === "dashboard") dashboard().catch(fail);
  state.show = () => layout(render); // for the bench: lay out and draw what is in state.graph
  window.retentiaExplorer = state; // for tests and the bench
  say(`ready: search or recall in project ${currentProject() || "default"} (press / to focus)`);
  loadProjects().then(() => {
    if (!params.get("q") && !params.get("entity") && hashParams().get("view") !== "dashboard") return overview();
    return null;
  }).catch(fail);
}

wire();
