// MockPlatform dashboard: plain JavaScript over the control API (openapi/control.yaml).
// Every value from the server goes into the page through textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const storage = window.sessionStorage;

/** The tenant the panels show; its control API lives under /t/{tenant}/_mock. */
function tenant() { return $("tenant").value.trim() || "default"; }
function base() { return tenant() === "default" ? "" : "/t/" + encodeURIComponent(tenant()); }

/** Thrown for an answer that is not 2xx; `detail` is the problem's. */
class APIError extends Error {
  constructor(status, detail) { super(detail || "HTTP " + status); this.status = status; }
}

/** Calls the control API; asks for the admin token on a 401. */
async function api(path, { method = "GET", body, raw = false, tenantless = false } = {}) {
  const headers = {};
  const token = storage.getItem("mock-admin-token");
  if (token) headers.Authorization = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch((tenantless ? "" : base()) + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 401) {
    $("token-form").hidden = false;
    throw new APIError(401, "the admin token is needed");
  }
  if (!response.ok) {
    let detail = "";
    try { detail = (await response.json()).detail || ""; } catch (error) { /* not a problem body */ }
    throw new APIError(response.status, detail || method + " " + path + " answered " + response.status);
  }
  if (raw) return response;
  if (response.status === 204) return null;
  const type = response.headers.get("Content-Type") || "";
  return type.includes("json") ? response.json() : response.text();
}

/** An element with text and attributes; children are appended in order. */
function el(tag, { text, className, attrs = {} } = {}, ...children) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

function button(label, onClick, className = "secondary") {
  const node = el("button", { text: label, className, attrs: { type: "button" } });
  node.addEventListener("click", async () => {
    node.disabled = true;
    try { await onClick(); } catch (error) { report(error); } finally { node.disabled = false; }
  });
  return node;
}

function row(cells, attrs = {}) {
  const tr = el("tr", { attrs });
  for (const cell of cells) tr.append(cell instanceof Node ? el("td", {}, cell) : el("td", { text: cell }));
  return tr;
}

/**
 * Puts `nodes` into `container` unless it already shows exactly them: an auto-refresh that
 * changed nothing leaves the elements alone, so a click in flight is not lost to a re-render.
 */
function show(container, nodes) {
  const markup = (list) => Array.from(list, (node) => node.outerHTML).join("");
  if (markup(container.children) === markup(nodes)) return;
  container.replaceChildren(...nodes);
}

function fill(tbodyID, rows, columns, empty) {
  if (!rows.length) {
    const placeholder = row([el("span", { text: empty, className: "count" })]);
    placeholder.firstChild.setAttribute("colspan", String(columns));
    rows = [placeholder];
  }
  show($(tbodyID), rows);
}

/** An RFC 3339 instant as `MM-DD HH:MM:SS` (UTC), the whole instant in its tooltip. */
function short(instant) {
  if (!instant) return "";
  return el("span", { text: instant.slice(5, 19).replace("T", " "), attrs: { title: instant } });
}

function report(error, message) {
  const status = $("status");
  status.className = error ? "status error" : "status";
  status.textContent = error ? String(error.message || error) : message;
}

// ---- panels -------------------------------------------------------------------------------

async function loadClock() {
  const clock = await api("/_mock/clock");
  $("clock-now").textContent = clock.now.replace("T", " ").replace(".000Z", "Z");
  $("clock-mode").textContent = clock.mode;
}

async function loadScenarios() {
  const { scenarios } = await api("/_mock/scenarios");
  show($("scenarios"), scenarios.map((scenario) => el("li", { attrs: { "data-scenario": scenario.name } },
    el("div", {},
      el("div", { className: "name", text: scenario.name },
        scenario.applied_at ? el("span", { className: "tag good", text: " applied " + scenario.applied_at.slice(11, 19) }) : null),
      el("div", { className: "description", text: scenario.description })),
    button("Apply", async () => {
      await api("/_mock/scenarios/" + encodeURIComponent(scenario.name) + "/apply", { method: "POST" });
      report(null, "Applied " + scenario.name + " to tenant " + tenant());
      await refresh();
    }, ""),
  )));
}

async function loadDrivers() {
  const { total, drivers } = await api("/_mock/iql/drivers?limit=200");
  $("drivers-total").textContent = total > drivers.length ? drivers.length + " of " + total : String(total);
  fill("drivers", drivers.map((driver) => {
    const offers = el("span", { className: "offers" });
    for (const offer of driver.offers) {
      const state = offer.retracted ? "retracted" : offer.active ? "active" : "expired";
      offers.append(el("span", {
        className: "tag " + (offer.active ? "good" : "bad"),
        text: offer.offer_id + " · " + state + (offer.clicked ? " · clicked" : ""),
        attrs: { "data-offer": offer.offer_id, title: "expires " + offer.expires_at },
      }), " ");
    }
    const trips = driver.trips + (driver.planned_trips ? " (+" + driver.planned_trips + " planned)" : "");
    return row([driver.driver_id, driver.state || "", trips, offers], { "data-driver": driver.driver_id });
  }), 4, "No drivers yet: apply a scenario or PUT driver info.");
}

async function loadDeliveries() {
  const { messages } = await api("/_mock/webhooks/messages");
  const newest = messages.slice().sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, 100);
  fill("deliveries", newest.map((message) => {
    const attempts = message.attempts || [];
    const last = attempts[attempts.length - 1];
    const driver = (message.payload && (message.payload.driver_id || (message.payload.info || {}).driver_id)) || "";
    const status = el("span", {
      className: "tag " + (message.status === "delivered" ? "good" : message.status === "failed" ? "bad" : ""),
      text: message.status,
    });
    const tries = attempts.length + (last && last.status_code ? " (last " + last.status_code + ")" : last && last.error ? " (" + last.error + ")" : "");
    const replay = button("Replay", async () => {
      await api("/_mock/webhooks/messages/" + encodeURIComponent(message.id) + "/replay", { method: "POST" });
      report(null, "Replaying " + message.id);
      await loadDeliveries();
    });
    return row([short(message.created_at), message.event, driver, status, tries, replay], { "data-message": message.id, "data-event": message.event });
  }), 6, "No webhook messages yet.");
}

async function download(push) {
  const response = await api("/_mock/pushes/" + encodeURIComponent(push.id) + "/export", { raw: true });
  const disposition = response.headers.get("Content-Disposition") || "";
  const match = /filename="([^"]+)"/.exec(disposition);
  const link = el("a", { attrs: { download: match ? match[1] : push.id + (push.platform === "ios" ? ".apns" : ".json") } });
  link.href = URL.createObjectURL(await response.blob());
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function loadPushes() {
  const { pushes } = await api("/_mock/pushes");
  const newest = pushes.slice().reverse().slice(0, 100);
  fill("pushes", newest.map((push) => row([
    short(push.created_at), push.kind, push.platform, push.driver_id || "",
    button(push.platform === "ios" ? "Download .apns" : "Download .json", () => download(push)),
  ], { "data-push": push.id })), 5, "No pushes yet.");
}

async function loadJournal() {
  const { requests } = await api("/_mock/requests?limit=50");
  fill("journal", requests.map((entry) => {
    const status = el("span", { className: "tag " + (entry.status >= 200 && entry.status < 400 ? "good" : "bad"), text: entry.status || "closed" });
    const path = el("span", { text: entry.path + (entry.query ? "?" + entry.query : "") });
    return row([short(entry.at), entry.method, path, status, entry.latency_ms], { "data-request": entry.id });
  }), 5, "No requests yet (the control API is not journalled).");
}

function describeFault(rule) {
  const matches = [rule.target, rule.method, rule.path, rule.operation_id].filter(Boolean).join(" ");
  const effects = [];
  if (rule.latency_ms) effects.push(rule.latency_ms + (rule.latency_jitter_ms ? "+" + rule.latency_jitter_ms : "") + " ms");
  if (rule.status) effects.push("status " + rule.status);
  if (rule.reset_connection) effects.push("reset");
  if (rule.empty_response) effects.push("empty");
  if (rule.probability < 1) effects.push("p=" + rule.probability);
  return { matches, effect: effects.join(", ") || "none" };
}

async function loadFaults() {
  const { faults } = await api("/_mock/faults");
  fill("faults", faults.map((rule) => {
    const { matches, effect } = describeFault(rule);
    const hits = rule.hits + (rule.times ? "/" + rule.times : "") + (rule.retired ? " retired" : "");
    const remove = button("Delete", async () => {
      await api("/_mock/faults/" + encodeURIComponent(rule.id), { method: "DELETE" });
      await loadFaults();
    });
    return row([rule.id, matches, effect, hits, remove], { "data-fault": rule.id });
  }), 5, "No fault rules.");
}

async function loadTenants() {
  try {
    const { tenants } = await api("/_mock/tenants", { tenantless: true });
    show($("tenant-names"), tenants.map((entry) => el("option", { attrs: { value: entry.name } })));
  } catch (error) { /* the list is a convenience; the panels report errors */ }
}

// ---- refresh and controls -----------------------------------------------------------------

let refreshing = null;

/** Reloads every panel once; concurrent calls share the run under way. */
function refresh() {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    const results = await Promise.allSettled([
      loadClock(), loadScenarios(), loadDrivers(), loadDeliveries(), loadPushes(), loadJournal(), loadFaults(),
    ]);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) report(failed.reason);
    else if ($("status").classList.contains("error")) report(null, "");
  })().finally(() => { refreshing = null; });
  return refreshing;
}

$("advance").addEventListener("submit", async (event) => {
  event.preventDefault();
  const seconds = Number($("advance-amount").value) * Number($("advance-unit").value);
  if (!Number.isFinite(seconds) || seconds <= 0) return report(new Error("Enter a positive amount to advance"));
  try {
    await api("/_mock/clock", { method: "POST", body: { advance_seconds: seconds } });
    report(null, "Advanced the clock by " + $("advance-amount").value + " " + $("advance-unit").selectedOptions[0].text);
    await refresh();
  } catch (error) { report(error); }
});

$("fault-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const rule = { target: $("fault-target").value };
  const text = { method: "fault-method", path: "fault-path", operation_id: "fault-operation" };
  for (const [key, id] of Object.entries(text)) if ($(id).value.trim()) rule[key] = $(id).value.trim();
  const numbers = { status: "fault-status", latency_ms: "fault-latency", probability: "fault-probability", times: "fault-times" };
  for (const [key, id] of Object.entries(numbers)) if ($(id).value !== "") rule[key] = Number($(id).value);
  try {
    const created = await api("/_mock/faults", { method: "POST", body: rule });
    report(null, "Added fault rule " + created.id);
    await loadFaults();
  } catch (error) { report(error); }
});

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  storage.setItem("mock-admin-token", $("token").value);
  $("token-form").hidden = true;
  loadTenants();
  refresh();
});

$("tenant").addEventListener("change", () => {
  storage.setItem("mock-tenant", tenant());
  refresh();
});

$("tenant").value = storage.getItem("mock-tenant") || "default";
setInterval(() => { if ($("auto-refresh").checked && !document.hidden) refresh(); }, 2000);
loadTenants();
refresh();
