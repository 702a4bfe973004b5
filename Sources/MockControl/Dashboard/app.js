// MockPlatform dashboard: plain JavaScript over the control API (openapi/control.yaml) and, for
// the loyalty member panel, the app's own loyalty API (openapi/loyalty.yaml).
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

/**
 * Calls the tenant's API: the control API with the admin token (asked for on a 401), or with
 * `admin: false` an app-facing one, with only the `headers` given.
 */
async function api(path, { method = "GET", body, raw = false, tenantless = false, headers: extra = {}, admin = true } = {}) {
  const headers = { ...extra };
  const token = storage.getItem("mock-admin-token");
  if (admin && token) headers.Authorization = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch((tenantless ? "" : base()) + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (admin && response.status === 401) {
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

/** The newest load started per panel. */
const loads = {};

/**
 * Runs `request` for `panel`; answers null when a later load of the panel started meanwhile (its
 * answer is the newer one), so a refresh begun before a click never paints over what the click
 * showed.
 */
async function latest(panel, request) {
  const ticket = (loads[panel] = (loads[panel] || 0) + 1);
  const answer = await request();
  return ticket === loads[panel] ? answer : null;
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

/** Runs `onClick` on a click, with the button disabled meanwhile; a failure goes to `where`. */
function act(node, onClick, where = "status") {
  node.addEventListener("click", async () => {
    node.disabled = true;
    try { await onClick(); } catch (error) { report(error, "", where); } finally { node.disabled = false; }
  });
  return node;
}

function button(label, onClick, className = "secondary", where = "status") {
  return act(el("button", { text: label, className, attrs: { type: "button" } }), onClick, where);
}

/** Runs `handler` on the form's submit instead of a page load; a failure goes to `where`. */
function onSubmit(formID, handler, where = "status") {
  $(formID).addEventListener("submit", async (event) => {
    event.preventDefault();
    try { await handler(); } catch (error) { report(error, "", where); }
  });
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

/** Shows `error`, or else `message`, in the status line or a panel's own message (`where`). */
function report(error, message, where = "status") {
  const line = $(where);
  line.classList.toggle("error", Boolean(error));
  line.textContent = error ? String(error.message || error) : message;
}

/** The JSON typed into a textarea; it must be an object. */
function typedObject(textareaID, what) {
  let value;
  try { value = JSON.parse($(textareaID).value); } catch (error) { throw new Error(what + " is not JSON: " + error.message); }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error(what + " must be a JSON object");
  return value;
}

// ---- panels -------------------------------------------------------------------------------

async function loadClock() {
  const clock = await latest("clock", () => api("/_mock/clock"));
  if (!clock) return;
  $("clock-now").textContent = clock.now.replace("T", " ").replace(".000Z", "Z");
  $("clock-mode").textContent = clock.mode;
}

/** The members every tenant starts with (`Resources/fixtures/loyalty.json`). */
const fixtureMembers = ["member-gold", "member-qr", "member-inactive", "member-no-loyalty"];

async function loadScenarios() {
  const answer = await latest("scenarios", () => api("/_mock/scenarios"));
  if (!answer) return;
  const { scenarios } = answer;
  const members = new Set([...fixtureMembers, ...scenarios.flatMap((scenario) => scenario.members || [])]);
  show($("member-ids"), Array.from(members, (id) => el("option", { attrs: { value: id } })));
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
  const answer = await latest("drivers", () => api("/_mock/iql/drivers?limit=200"));
  if (!answer) return;
  const { total, drivers } = answer;
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
  const answer = await latest("deliveries", () => api("/_mock/webhooks/messages"));
  if (!answer) return;
  const { messages } = answer;
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

/** Saves a response's body as a file: its Content-Disposition filename, else `fallback`. */
async function save(response, fallback) {
  const disposition = response.headers.get("Content-Disposition") || "";
  const match = /filename="([^"]+)"/.exec(disposition);
  const link = el("a", { attrs: { download: match ? match[1] : fallback } });
  link.href = URL.createObjectURL(await response.blob());
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function download(push) {
  const response = await api("/_mock/pushes/" + encodeURIComponent(push.id) + "/export", { raw: true });
  await save(response, push.id + (push.platform === "ios" ? ".apns" : ".json"));
}

async function loadPushes() {
  const answer = await latest("pushes", () => api("/_mock/pushes"));
  if (!answer) return;
  const { pushes } = answer;
  const newest = pushes.slice().reverse().slice(0, 100);
  fill("pushes", newest.map((push) => row([
    short(push.created_at), push.kind, push.platform, push.driver_id || "",
    button(push.platform === "ios" ? "Download .apns" : "Download .json", () => download(push)),
  ], { "data-push": push.id })), 5, "No pushes yet.");
}

async function loadJournal() {
  const answer = await latest("journal", () => api("/_mock/requests?limit=50"));
  if (!answer) return;
  const { requests } = answer;
  fill("journal", requests.map((entry) => {
    const status = el("span", { className: "tag " + (entry.status >= 200 && entry.status < 400 ? "good" : "bad"), text: entry.status || "closed" });
    // A 404's near-miss hint (the Mock-Hint the app was answered) goes under its path.
    const path = el("div", {},
      el("span", { text: entry.path + (entry.query ? "?" + entry.query : "") }),
      entry.hint ? el("div", { className: "journal-hint", text: entry.hint }) : null);
    return row([short(entry.at), entry.method, path, status, entry.latency_ms], { "data-request": entry.id });
  }), 5, "No requests yet (the control API is not journalled).");
}

/** The subject the audit panel shows, and the rule whose evidence it marks. */
let auditSubject = "";
let auditRule = "";

async function loadAudit() {
  const answer = await latest("audit", async () => {
    const report = await api("/_mock/audit");
    const subjects = report.subjects.map((entry) => entry.subject);
    const subject = subjects.includes(auditSubject) ? auditSubject : subjects[0] || "";
    const timeline = subject ? await api("/_mock/timeline?limit=200&subject=" + encodeURIComponent(subject)) : { items: [] };
    return { report, subject, timeline };
  });
  if (!answer) return;
  const { report, subject, timeline } = answer;
  auditSubject = subject;
  const { summary } = report;
  $("audit-summary").textContent = summary.subjects + " subjects: " + summary.pass + " pass, " + summary.fail + " fail, "
    + summary.pending + " pending, " + summary.not_exercised + " not exercised";
  show($("audit-subject"), report.subjects.map((entry) => {
    const fails = entry.results.filter((result) => result.verdict === "fail").length;
    const option = el("option", { text: entry.subject + (fails ? " (" + fails + " fail)" : ""), attrs: { value: entry.subject } });
    if (entry.subject === subject) option.setAttribute("selected", "");
    return option;
  }));
  const results = (report.subjects.find((entry) => entry.subject === subject) || { results: [] }).results;
  const picked = results.find((result) => result.guide + "/" + result.rule === auditRule);
  const evidence = new Set(picked ? picked.evidence : []);
  show($("audit-checklist"), results.length ? results.map((result) => el("li", {
    className: result.verdict + (picked === result ? " selected" : ""),
    attrs: { "data-rule": result.guide + "/" + result.rule, "data-verdict": result.verdict, title: result.guide_section },
  }, el("div", {},
    el("div", { className: "name", text: result.rule + " · " + result.verdict.replace("_", " ") }),
    el("div", { className: "message", text: "[" + result.severity + "] " + (result.message || result.guide) })))) :
    [el("li", { className: "count", text: "Nothing recorded yet: the audit reads the journal, events, pushes and deliveries." })]);
  show($("audit-timeline"), timeline.items.map((item) => el("li", {
    className: evidence.has(item.id) ? "evidence" : "", attrs: { "data-id": item.id, "data-kind": item.kind },
  }, el("div", { className: "when", text: item.at.slice(11, 23) + " · " + item.kind }), el("div", { text: item.summary }))));
}

/**
 * Whether the audit panel is on screen. Over full logs a report costs the server about a tenth
 * of a second, so the two-second refresh asks for one only while the panel can be seen, and
 * once more when it comes into view.
 */
let auditInView = false;
new IntersectionObserver((entries) => {
  const wasInView = auditInView;
  auditInView = entries.some((entry) => entry.isIntersecting);
  if (auditInView && !wasInView) loadAudit().catch(report);
}).observe($("audit-panel"));

$("audit-subject").addEventListener("change", () => {
  auditSubject = $("audit-subject").value;
  auditRule = "";
  loadAudit().catch(report);
});
$("audit-checklist").addEventListener("click", (event) => {
  const item = event.target.closest("li[data-rule]");
  if (!item) return;
  auditRule = item.dataset.rule === auditRule ? "" : item.dataset.rule;
  loadAudit().catch(report);
});

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
  const answer = await latest("faults", () => api("/_mock/faults"));
  if (!answer) return;
  const { faults } = answer;
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

async function loadEvents() {
  const type = $("event-type").value;
  const answer = await latest("events", () => api("/_mock/events" + (type ? "?type=" + encodeURIComponent(type) : "")));
  if (!answer) return;
  const { events } = answer;
  fill("events", events.slice(-50).reverse().map((event) => {
    const payload = JSON.stringify(event.payload);
    const shown = el("span", { text: payload.length > 80 ? payload.slice(0, 80) + "…" : payload, attrs: { title: payload } });
    return row([event.sequence, short(event.created_at), event.type, event.driver_id, shown],
      { "data-sequence": event.sequence, "data-type": event.type });
  }), 5, type ? "No " + type + " events." : "No events yet.");
}

async function loadTenants() {
  const answer = await latest("tenants", () => api("/_mock/tenants", { tenantless: true }));
  if (!answer) return;
  const { tenants } = answer;
  show($("tenant-names"), tenants.map((entry) => el("option", { attrs: { value: entry.name } })));
  fill("tenants", tenants.map((entry) => row([
    entry.name, short(entry.created_at),
    entry.name === tenant() ? el("span", { className: "tag good", text: "shown" }) : button("Switch", () => switchTenant(entry.name)),
  ], { "data-tenant": entry.name })), 3, "No tenants.");
}

/** The tenant's settings as last loaded, for "Edit the current settings". */
let config = null;

async function loadConfig() {
  const answer = await latest("config", () => api("/_mock/config"));
  if (!answer) return;
  config = answer;
  const text = JSON.stringify(config, null, 2);
  if ($("config").textContent !== text) $("config").textContent = text;
}

// ---- campaigns ----------------------------------------------------------------------------

/**
 * Short starting points for `POST /_mock/campaigns`: the shapes of openapi/campaigns.yaml (full
 * examples in Resources/samples/campaigns.json), trimmed to what each kind requires.
 */
const campaignTemplates = (() => {
  const campaign = (type, title) => ({ variant_id: 1, hash_id: "dashboard", type, title });
  const synerise = (contentType, content, extra = {}) => ({ ...extra, issuer: "Synerise", "content-type": contentType, content });
  const alert = { aps: { alert: { title: "Hello", body: "Sent from the dashboard" } } };
  const page = {
    index: 0, type: "color_as_background", background: { color: "#1b6ac9", alpha: 1 },
    header: { text: "Hello", color: "#ffffff", alpha: 1, size: 24 },
    close_button: { is_enabled: true, alignment: "RIGHT" }, action: { type: "OPEN_APP" },
  };
  return {
    "simple push": synerise("simple-push", { campaign: campaign("Simple Push", "Hello"), notification: {} }, alert),
    "rich media, single image": synerise("simple-push", {
      campaign: campaign("Simple Push", "New in"), notification: {},
      // The mock's own placeholder image, so the sample works without internet.
      "rich-media": { type: "single-image", "single-image": { image: new URL("/_mock/images/hero.png", location.href).href } },
    }, alert),
    "silent SDK command": synerise("silent-sdk-command", {
      class_name: "com.synerise.sdk.injector.Injector", method_name: "SIGN_OUT", method_parameters: [],
    }),
    "template banner": synerise("template-banner", { campaign: campaign("Mobile banner", "Banner"), page }),
    walkthrough: {
      type: "walkthrough", is_loop_enabled: false, are_indicators_visible: true,
      campaign: campaign("Walkthrough", "Welcome"), pages: [page],
    },
  };
})();

function useTemplate() {
  $("campaign-payload").value = JSON.stringify(campaignTemplates[$("campaign-template").value], null, 2);
}

async function sendCampaign(campaign) {
  const target = $("send-target").value.trim();
  if (!target) throw new Error("Enter a device token or a client UUID to send " + campaign.name + " to");
  const kind = $("send-kind").value;
  const sent = await api("/_mock/campaigns/" + encodeURIComponent(campaign.id) + "/send", { method: "POST", body: { [kind]: [target] } });
  report(null, kind === "client_uuids"
    ? "Sent " + campaign.name + " to client " + target + ": its campaign-backend answers have it"
    : "Sent " + campaign.name + ": " + sent.outbox_ids.length + " push(es) in the outbox", "campaign-message");
  await loadPushes();
}

async function loadCampaigns() {
  const answer = await latest("campaigns", () => api("/_mock/campaigns"));
  if (!answer) return;
  const { campaigns } = answer;
  fill("campaigns", campaigns.slice().reverse().map((campaign) => row([
    short(campaign.created_at), campaign.name, campaign.kind,
    el("span", { className: "actions" },
      button("Send", () => sendCampaign(campaign), "", "campaign-message"),
      button("Delete", async () => {
        await api("/_mock/campaigns/" + encodeURIComponent(campaign.id), { method: "DELETE" });
        report(null, "Deleted " + campaign.name, "campaign-message");
        await loadCampaigns();
      }, "secondary", "campaign-message")),
  ], { "data-campaign": campaign.id, "data-kind": campaign.kind })), 4, "No campaigns: create one from a template.");
}

// ---- loyalty member: the app's own API, called only when asked ----------------------------

/** The member the loyalty panel shows (`Poq-User-Id`); empty until one is picked. */
let member = "";

/** Calls the loyalty API (`openapi/loyalty.yaml`) as the app would, for `member`. */
function loyalty(path, options = {}) {
  return api("/loyalty/v1" + path, { ...options, headers: { "Poq-User-Id": member }, admin: false });
}

function field(name, label, value) {
  return el("div", { attrs: { "data-field": name } }, el("dt", { text: label }), el("dd", { text: value }));
}

/** Rewards or activities, each with its action (apply or redeem) as a button. */
function fillItems(tbodyID, items, { amount, label, done, path }) {
  fill(tbodyID, items.map((item) => {
    const state = item.isApplied ? ["good", "applied"] : item.isExpired ? ["bad", "expired"] : ["", "available"];
    return row([
      el("span", { text: item.title, attrs: { title: item.id + ": " + item.description } }),
      amount(item), item.expiryDate ? short(item.expiryDate) : "never",
      el("span", { className: "tag " + state[0], text: state[1] }),
      button(label, async () => {
        await loyalty(path(item.id), { method: "POST" });
        report(null, done + " " + item.id + " for " + member, "member-message");
        await loadMember();
      }, "secondary", "member-message"),
    ], { "data-item": item.id });
  }), 5, "None.");
}

async function loadMember() {
  if (!member) return;
  const answer = await latest("member", async () => {
    try {
      const summary = await loyalty("/summary");
      const [{ rewards }, { activities }] = await Promise.all([loyalty("/rewards"), loyalty("/activities")]);
      return { summary, rewards, activities };
    } catch (error) { return { error }; }
  });
  if (!answer) return;
  const { summary, rewards, activities, error } = answer;
  if (error) {
    show($("member-summary"), [field("member", "Member", member)]);
    fill("rewards", [], 5, error.message);
    fill("activities", [], 5, error.message);
    return;
  }
  show($("member-summary"), [
    field("member", "Member", member),
    field("points", "Points", summary.points),
    field("to-go", "To the next reward", summary.pointsToGo + " of " + summary.pointsForReward),
    field("tier", "Tier", summary.tier || "none"),
    field("active", "Loyalty", summary.isActive ? "active" : "inactive"),
    field("card", "Card", summary.cardNumber + " (" + summary.barcode.format + ")"),
    field("expiring", "Expiring", summary.expiringPoints + (summary.expiringPointsDate ? " on " + summary.expiringPointsDate : "")),
    field("wallet", "Wallet pass", summary.walletPassAvailable ? "available" : "not available"),
  ]);
  fillItems("rewards", rewards, {
    amount: (reward) => reward.pointsCost, label: "Apply", done: "Applied", path: (id) => "/rewards/" + encodeURIComponent(id) + "/apply",
  });
  fillItems("activities", activities, {
    amount: (activity) => "+" + activity.points, label: "Redeem", done: "Redeemed", path: (id) => "/activities/" + encodeURIComponent(id) + "/redeem",
  });
}

async function downloadWalletPass() {
  if (!member) throw new Error("Pick a member first");
  // With no id configured, any pass type id is served: the dashboard asks for the development one.
  const { wallet_pass_type_id: configured } = await api("/_mock/config");
  const passID = configured ?? "pass.com.example.mock.loyalty";
  const response = await loyalty("/wallet-pass?passId=" + encodeURIComponent(passID), { raw: true });
  await save(response, member + ".pkpass");
  report(null, "Downloaded " + member + "'s pass (" + passID + ")", "member-message");
}

// ---- refresh and controls -----------------------------------------------------------------

let refreshing = null;
let followUp = null;

/**
 * Reloads every panel once. A call while a run is under way gets one more run after it (which
 * later calls share), so a switch of tenant is shown even when the run under way read the old one.
 */
function refresh() {
  if (refreshing) {
    followUp = followUp || refreshing.then(() => { followUp = null; return refresh(); });
    return followUp;
  }
  refreshing = (async () => {
    const results = await Promise.allSettled([
      loadClock(), loadScenarios(), auditInView ? loadAudit() : null, loadDrivers(), loadDeliveries(), loadPushes(), loadJournal(), loadFaults(),
      loadCampaigns(), loadEvents(), loadTenants(), loadConfig(),
    ]);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) report(failed.reason);
    else if ($("status").classList.contains("error")) report(null, "");
  })().finally(() => { refreshing = null; });
  return refreshing;
}

onSubmit("advance", async () => {
  const seconds = Number($("advance-amount").value) * Number($("advance-unit").value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error("Enter a positive amount to advance");
  await api("/_mock/clock", { method: "POST", body: { advance_seconds: seconds } });
  report(null, "Advanced the clock by " + $("advance-amount").value + " " + $("advance-unit").selectedOptions[0].text);
  await refresh();
});

onSubmit("fault-form", async () => {
  const rule = { target: $("fault-target").value };
  const text = { method: "fault-method", path: "fault-path", operation_id: "fault-operation" };
  for (const [key, id] of Object.entries(text)) if ($(id).value.trim()) rule[key] = $(id).value.trim();
  const numbers = { status: "fault-status", latency_ms: "fault-latency", probability: "fault-probability", times: "fault-times" };
  for (const [key, id] of Object.entries(numbers)) if ($(id).value !== "") rule[key] = Number($(id).value);
  const created = await api("/_mock/faults", { method: "POST", body: rule });
  report(null, "Added fault rule " + created.id);
  await loadFaults();
});

onSubmit("member-form", async () => {
  member = $("member").value.trim();
  if (!member) throw new Error("Enter a member id (Poq-User-Id)");
  report(null, "", "member-message");
  await loadMember();
}, "member-message");
act($("wallet-pass"), downloadWalletPass, "member-message");
for (const id of ["rewards", "activities"]) fill(id, [], 5, "Pick a member and press Show.");

onSubmit("campaign-form", async () => {
  const created = await api("/_mock/campaigns", { method: "POST", body: { payload: typedObject("campaign-payload", "The payload") } });
  report(null, "Created " + created.name + " (" + created.kind + ")", "campaign-message");
  await loadCampaigns();
}, "campaign-message");
$("campaign-template").append(...Object.keys(campaignTemplates).map((name) => el("option", { text: name })));
$("campaign-template").addEventListener("change", useTemplate);
useTemplate();

$("event-type").addEventListener("change", () => loadEvents().catch(report));

onSubmit("config-form", async () => {
  const patch = typedObject("config-patch", "The settings to change");
  const before = config || {};
  const after = await api("/_mock/config", { method: "PATCH", body: patch });
  const changed = Object.keys(after).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]));
  report(null, changed.length ? "Changed " + changed.join(", ") : "Accepted; no setting changed", "config-message");
  await loadConfig();
}, "config-message");
act($("config-copy"), async () => {
  $("config-patch").value = JSON.stringify(config || await api("/_mock/config"), null, 2);
}, "config-message");

/** Shows `name`'s panels from now on (and the picked member's data in that tenant). */
function switchTenant(name) {
  $("tenant").value = name;
  storage.setItem("mock-tenant", tenant());
  loadMember().catch((error) => report(error, "", "member-message"));
  return refresh();
}

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  storage.setItem("mock-admin-token", $("token").value);
  $("token-form").hidden = true;
  refresh();
});

$("tenant").addEventListener("change", () => switchTenant(tenant()));

$("tenant").value = storage.getItem("mock-tenant") || "default";
setInterval(() => { if ($("auto-refresh").checked && !document.hidden) refresh(); }, 2000);
refresh();
