// citadel web page: no build step, no dependencies. Document text is only ever set with
// textContent / text nodes, never innerHTML.
"use strict";

const KEY_STORE = "citadel-api-key";
const state = { auth: "local", lastChip: null };

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "testid") node.dataset.testid = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// --- API key -------------------------------------------------------------------------------

// A key never travels in a URL the server sees: a link may carry one in the fragment
// (/#key=KEY), which browsers never send. It is read once, cleared from the address bar and
// kept in this tab's sessionStorage. A link cannot silently switch a tab that already has a
// key to another one: the person is asked first. A ?key= query parameter is never used and is
// removed from the address bar.
function takeKeyFromUrl() {
  const url = new URL(window.location.href);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ""));
  const key = (fragment.get("key") || "").trim();
  const hadQueryKey = url.searchParams.has("key");
  url.searchParams.delete("key");
  fragment.delete("key");
  const rest = fragment.toString();
  if (key || hadQueryKey || url.hash.includes("key=")) {
    history.replaceState(null, "", url.pathname + url.search + (rest ? "#" + rest : ""));
  }
  if (!key) return;
  const current = sessionStorage.getItem(KEY_STORE);
  if (current && current !== key &&
      !window.confirm("This link carries a different API key. Switch this tab to the link's key?")) {
    return;
  }
  sessionStorage.setItem(KEY_STORE, key);
}

function apiKey() {
  return sessionStorage.getItem(KEY_STORE) || "";
}

function askForKey(reason) {
  const key = window.prompt((reason ? reason + "\n" : "") + "Enter your citadel API key:");
  if (key && key.trim()) sessionStorage.setItem(KEY_STORE, key.trim());
  showKeyState();
  return Boolean(key && key.trim());
}

function showKeyState() {
  if (state.auth !== "keys") {
    $("key-state").textContent = "Local server: no API key needed.";
    $("change-key").hidden = true;
    return;
  }
  $("key-state").textContent = apiKey()
    ? "Using the API key of " + (state.caller || "this tab") + "."
    : "No API key yet.";
  $("change-key").hidden = false;
}

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function api(path, options = {}, retried = false) {
  const headers = new Headers(options.headers || {});
  if (apiKey()) headers.set("Authorization", "Bearer " + apiKey());
  const response = await fetch(path, { ...options, headers });
  if (response.status === 401 && !retried && askForKey("The server did not accept the API key.")) {
    return api(path, options, true);
  }
  if (!response.ok) {
    let message = response.statusText;
    try {
      const body = await response.json();
      message = body.message || message;
    } catch (_) { /* not JSON */ }
    throw new ApiError(response.status, message);
  }
  return response;
}

// --- asking --------------------------------------------------------------------------------

function parseEvents(buffer) {
  // Server-Sent Events: blocks separated by a blank line; "event:" and "data:" fields.
  const text = buffer.replace(/\r\n/g, "\n");
  const blocks = text.split("\n\n");
  const rest = blocks.pop();
  const events = [];
  for (const block of blocks) {
    let name = "message";
    const data = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) name = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length) events.push({ name, data: JSON.parse(data.join("\n")) });
  }
  return { events, rest };
}

async function ask(question) {
  const status = $("status");
  const out = $("answer");
  out.replaceChildren();
  closeSource();
  status.textContent = "Searching your documents and checking every sentence…";
  $("ask").disabled = true;
  try {
    const response = await api("/v1/ask/stream", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ question }),
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let finished = false;
    while (!finished) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const parsed = parseEvents(buffer);
      buffer = parsed.rest;
      for (const event of parsed.events) {
        if (event.name === "done") { renderAnswer(event.data); finished = true; }
        else if (event.name === "abstain") { renderAbstention(event.data); finished = true; }
        else if (event.name === "error") throw new ApiError(500, event.data.message);
      }
    }
    status.textContent = finished ? "" : "The answer stream ended early; please ask again.";
  } catch (error) {
    status.textContent = "Could not answer: " + error.message;
  } finally {
    $("ask").disabled = false;
  }
}

function clock(seconds) {
  const s = Math.floor(seconds);
  const two = (n) => String(n).padStart(2, "0");
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

// How a person reads a location (as citadel.models.Location.label): "page 3", "lines 40-52",
// "Store.put, lines 40-52", "00:12:05-00:12:31", "row 7 · Price", "slide 4", "cell 3".
function locationLabel(loc) {
  if (!loc) return "";
  const parts = [];
  if (loc.page != null) parts.push("page " + loc.page);
  if (loc.slide != null) parts.push("slide " + loc.slide);
  if (loc.cell != null) parts.push("cell " + loc.cell);
  if (loc.symbol) parts.push(loc.symbol);
  if (loc.line_start != null) {
    const end = loc.line_end || loc.line_start;
    parts.push(end === loc.line_start ? "line " + end : `lines ${loc.line_start}-${end}`);
  }
  if (loc.time_start != null) {
    parts.push(clock(loc.time_start) + "-" + clock(loc.time_end != null ? loc.time_end : loc.time_start));
  }
  if (loc.row != null) {
    let row = "row " + loc.row;
    if (loc.columns && loc.columns.length) {
      row += " · " + loc.columns.slice(0, 3).join(", ") + (loc.columns.length > 3 ? ", ..." : "");
    }
    parts.push(row);
  }
  return parts.join(", ");
}

function placeOf(source, citation) {
  const parts = [];
  const label = locationLabel((citation && citation.location) || source.location);
  if (label) parts.push(label);
  else if (source.page) parts.push("page " + source.page);
  parts.push("v" + source.version);
  return parts.join(", ");
}

function renderAnswer(answer) {
  const out = $("answer");
  out.replaceChildren();
  const list = el("ol", { class: "claims", "aria-label": "Verified claims" });
  answer.claims.forEach((claim, index) => {
    const item = el("li", { class: "claim-card" });
    for (const citation of claim.citations) {
      const source = answer.sources[citation.source_id];
      const chip = el("button", {
        type: "button", class: "chip", testid: "citation-chip",
        "aria-label": `Open ${source.title} (${placeOf(source, citation)}) at this quote`,
        onclick: (e) => openSource(source, citation, e.currentTarget),
      }, el("span", { class: "chip-id", text: citation.source_id }), " ", el("span", { text: source.title }),
         el("span", { class: "chip-place", testid: "chip-place", text: " · " + placeOf(source, citation) }));
      item.append(el("figure", { class: "quote-card" },
        el("blockquote", { class: "quote", testid: "quote", text: citation.quote }),
        el("figcaption", {}, chip)));
    }
    item.append(el("p", { class: "claim" },
      el("span", { class: "verdict", text: claim.verdict === "supported" ? "✓ verified" : claim.verdict }),
      " ", el("span", { text: claim.text })));
    list.append(item);
    void index;
  });
  out.append(el("h2", { class: "answer-heading", text: "What your documents say" }), list,
    el("p", { class: "trace", text: "Trace " + answer.trace_id }));
}

const REASONS = {
  no_evidence: "Nothing you can read matched the question closely enough.",
  unsupported: "Passages were found, but no sentence drawn from them survived verification.",
  invalid_output: "The answer could not be produced in a checkable form.",
};

function renderAbstention(answer) {
  const titles = answer.looked_at || [...new Set(Object.values(answer.sources).map((s) => s.title))];
  const box = el("div", { class: "abstained", testid: "abstained", role: "note" },
    el("h2", { text: "No verified answer" }),
    el("p", { class: "abstain-sentence", text: answer.answer }),
    el("p", { class: "meta", text: REASONS[answer.abstention_reason] || "" }));
  if (titles.length) {
    box.append(el("p", { text: "Looked at:" }),
      el("ul", {}, ...titles.map((t) => el("li", { text: t }))));
  }
  box.append(el("p", { class: "trace", text: "Trace " + answer.trace_id }));
  $("answer").replaceChildren(box);
}

// --- the source view -----------------------------------------------------------------------

function docPath(docId) {
  return "/v1/documents/" + docId.split("/").map(encodeURIComponent).join("/");
}

async function openSource(source, citation, chip) {
  state.lastChip = chip;
  const view = $("source-view");
  const status = $("status");
  try {
    const doc = await fetchCitedVersion(source);
    const text = doc.text;
    let start = citation.start;
    let end = citation.end;
    if (doc.version !== source.version) {  // the cited version is gone: look for the quote again
      start = text.indexOf(citation.quote);
      end = start < 0 ? -1 : start + citation.quote.length;
    }
    let mark = null;
    if (start >= 0 && end <= text.length && start <= end) {
      mark = el("mark", { text: text.slice(start, end) });
      $("source-text").replaceChildren(document.createTextNode(text.slice(0, start)), mark,
        document.createTextNode(text.slice(end)));
    } else {
      $("source-text").replaceChildren(document.createTextNode(text));
    }
    $("source-title").textContent = doc.title;
    const chunk = doc.chunks.find((c) => c.start <= start && start < c.end);
    const where = [];
    if (chunk && chunk.heading_path.length) where.push(chunk.heading_path.join(" › "));
    const place = locationLabel((citation && citation.location) || (chunk && chunk.location) || source.location);
    const page = (chunk && chunk.page) || source.page;
    if (place) where.push(place);
    else if (page) where.push("page " + page);
    where.push("version " + doc.version);
    $("source-meta").textContent = doc.doc_id + " · " + where.join(" · ");
    const note = $("source-note");
    let message = "";
    if (doc.version !== source.version) {
      message = `This quote is from version ${source.version}, which is not available here; showing ` +
        `version ${doc.version}` + (mark ? ", where the same words are marked." : ", which no longer contains the quote.");
    } else if (doc.version !== doc.current_version) {
      message = `This quote is from version ${doc.version}; the document is now at version ${doc.current_version}.`;
    }
    note.hidden = !message;
    note.textContent = message;
    view.hidden = false;
    if (mark) mark.scrollIntoView({ block: "center" });
    view.focus({ preventScroll: true });
    status.textContent = "";
  } catch (error) {
    status.textContent = "Could not open the source: " + error.message;
  }
}

async function fetchCitedVersion(source) {
  try {
    return await (await api(docPath(source.doc_id) + "?version=" + source.version)).json();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return await (await api(docPath(source.doc_id))).json();  // replaced since: the current version
  }
}

function closeSource() {
  const view = $("source-view");
  if (view.hidden) return;
  view.hidden = true;
  $("source-text").replaceChildren();
  if (state.lastChip && document.body.contains(state.lastChip)) state.lastChip.focus();
}

// --- documents -----------------------------------------------------------------------------

async function loadDocuments() {
  const list = $("doc-list");
  try {
    const docs = await (await api("/v1/documents")).json();
    if (!docs.length) {
      list.replaceChildren(el("li", { class: "meta", text: "No documents yet. Upload some above." }));
      return;
    }
    list.replaceChildren(...docs.map((d) => el("li", {},
      el("span", { class: "doc-title", text: d.title }),
      el("span", { class: "meta", text: ` ${d.doc_id} · v${d.version} · ${d.chunks} passages · ` +
        (d.groups.length ? "groups: " + d.groups.join(", ") : "public") }))));
  } catch (error) {
    list.replaceChildren(el("li", { class: "meta", text: "Could not list documents: " + error.message }));
  }
}

async function upload(form) {
  const status = $("upload-status");
  const data = new FormData();
  for (const file of $("upload-files").files) data.append("files", file, file.name);
  const groups = $("upload-groups").value.trim();
  if (groups) data.append("groups", groups);
  if ($("upload-public").checked) data.append("public", "true");
  status.textContent = "Uploading and indexing…";
  try {
    const report = await (await api("/v1/documents", { method: "POST", body: data })).json();
    const failed = report.failed.map((f) => `${f.path}: ${f.error}`).join("; ");
    status.textContent = `${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged` +
      (failed ? `; failed: ${failed}` : ".");
    form.reset();
    loadDocuments();
  } catch (error) {
    status.textContent = "Upload failed: " + error.message;
  }
}

// --- start ---------------------------------------------------------------------------------

// Who the server takes this tab for: the local owner, or the key's label. /v1/me answers 401
// when the server has keys and this tab has none (or a wrong one): then ask for one.
async function whoAmI() {
  try {
    const headers = new Headers();
    if (apiKey()) headers.set("Authorization", "Bearer " + apiKey());
    let response = await fetch("/v1/me", { headers });
    if (response.status === 401) {
      state.auth = "keys";
      if (askForKey(apiKey() ? "The server did not accept the API key." : "")) {
        response = await fetch("/v1/me", { headers: { Authorization: "Bearer " + apiKey() } });
      }
    }
    if (response.ok) {
      const me = await response.json();
      state.auth = me.auth;
      state.caller = me.caller;
    }
  } catch (_) { /* keep going; requests will report errors */ }
  showKeyState();
}

async function start() {
  takeKeyFromUrl();
  await whoAmI();
  $("change-key").addEventListener("click", async () => { askForKey(""); await whoAmI(); loadDocuments(); });
  $("ask-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const question = $("question").value.trim();
    if (question) ask(question);
  });
  $("upload-form").addEventListener("submit", (event) => { event.preventDefault(); upload(event.target); });
  $("close-source").addEventListener("click", closeSource);
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") closeSource(); });
  loadDocuments();
}

start();
