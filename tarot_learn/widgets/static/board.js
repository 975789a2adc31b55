// SolitaireBoard's card table (anywidget ESM).  Python owns the game: this file draws the
// compact view it sends (piles by role; face-down cards as a count, never an identity) and
// reports clicks, double-clicks, drops and keys back as intents.
// Card pictures arrive once, as PNG bytes, and become object URLs; a move redraws from the
// small JSON view only.
// Keyboard: each pile is one Tab stop (its top card, or its empty place); arrow keys move between
// piles (left/right) and along a column's face-up cards (up/down); Enter picks up and puts down,
// Shift+Enter sends a card up.  Names for screen readers are Python's words (the card names,
// sent once per deck, and each pile's place), joined here: "Ten of Cups, face up, column 3",
// "Column 3: 2 face-down cards, 1 face up"; a face-down card is only ever "face-down card".
// Resilience: a heartbeat (Python answers each ping) shows "connection lost" when the kernel has
// gone; a random resume token kept in localStorage is sent once so a reload can resume the game.
// In "present" mode (the Presenter) the arrow keys step through a game instead.
// Which key does what is Python's table (the model's key_map: {key name: action}); a key name is
// KeyboardEvent.key, with "Ctrl+" (and "Shift+") in front while Ctrl or Cmd is held.

function keyName(e) {
  if (e.altKey) return null;                     // the browser's own shortcuts stay its own
  if (e.ctrlKey || e.metaKey) return "Ctrl+" + (e.shiftKey ? "Shift+" : "") + e.key.toLowerCase();
  return e.key;
}


// The card size that fits: the widest row (tableau, or the top row) in the width given, and in
// "present" mode the window's height too; a board asks for at most card_height (1.5 times that
// on a projector) unless it presents.  A narrow place (a phone) packs the piles closer and lets
// the top row wrap, so the columns take the whole width; a touch screen wide enough (a tablet)
// gets cards at least 72 px wide, big enough for a finger.
function fitCards(piles, width, want, present) {
  const narrow = width < 600;
  const gap = narrow ? 2 : 10;
  const pad = narrow ? 3 : 12;
  const cols = piles.filter((p) => p.role === "tableau").length || 1;
  const top = piles.filter((p) => p.role !== "tableau").reduce((n, p) => n + (p.role === "waste" ? 1.48 : 1), 0);
  const topGaps = Math.max(0, piles.length - cols - 1) * gap + 16;
  const room = Math.max(120, width - 2 * pad - (narrow ? 0 : 4));
  const colW = Math.floor((room - (cols - 1) * gap) / cols);
  const byCols = colW / 0.58;
  const byTop = narrow ? Infinity : (room - topGaps) / (Math.max(top, 1) * 0.58);
  const finger = !present && !narrow && window.matchMedia("(pointer: coarse)").matches ? 124 : 0;
  let h = Math.min(byCols, byTop);
  if (present) h = Math.min(h, (window.innerHeight - 190) / 4.2);
  else h = Math.min(h, Math.max(want, finger) * projector());
  const byWidth = h >= Math.floor(byCols);          // the columns set the size: each takes its share
  h = Math.max(40, Math.floor(h));
  return { h, w: byWidth ? colW : Math.min(colW, Math.round(h * 0.58)), gap, pad, narrow };
}

// A projector-sized window lets a board grow half as large again (the pictures are drawn at
// 1.5 times card_height, so they stay sharp).
function projector() {
  return window.innerWidth >= 1600 && window.innerHeight >= 900 ? 1.5 : 1;
}

function pileName(pile) {
  const place = pile.place || pile.label || pile.id;
  const head = place.charAt(0).toUpperCase() + place.slice(1);
  const down = pile.hidden || 0;
  const up = (pile.cards || []).length;
  if (!down && !up) return `${head}, empty`;
  const parts = [];
  if (down) parts.push(`${down} face-down card${down === 1 ? "" : "s"}`);
  if (up) parts.push(`${up} face up`);
  return `${head}: ${parts.join(", ")}`;
}

function el(tag, cls, attrs) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

// Dragging, one code for mouse, touch and pen (Pointer Events): a press on a face-up card that
// moves a few pixels lifts it.  A copy of the cards follows the pointer, the page asks Python
// which piles may take them ("lift") and lights those, and letting go over a pile sends one drop
// intent.  A press that does not move stays a click, so tap-tap (pick up, put down) still works.
// The board redraws while a drag goes on (a view from Python); the drag keeps to pile ids.
function dragging(board, send, model, ended) {
  let press = null;                      // {id, x, y, pile, index, card}
  let lifted = null;                     // {ghost, dx, dy, targets}
  const onDown = (e) => {
    if (press || (e.pointerType === "mouse" && e.button !== 0)) return;
    const card = e.target.closest(".tl-movable");
    if (!card || !board.contains(card)) return;
    press = { id: e.pointerId, x: e.clientX, y: e.clientY, index: Number(card.dataset.index),
              pile: card.closest("[data-pile]").dataset.pile, card };
  };
  const onMove = (e) => {
    if (!press || e.pointerId !== press.id) return;
    if (!lifted) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < 8) return;
      lift();
    }
    e.preventDefault();
    lifted.ghost.style.transform = `translate(${e.clientX - lifted.dx}px, ${e.clientY - lifted.dy}px)`;
    const over = pileAt(e);
    for (const n of board.querySelectorAll(".tl-over")) if (n !== over) n.classList.remove("tl-over");
    if (over && lifted.targets.has(over.dataset.pile)) over.classList.add("tl-over");
  };
  function lift() {
    const card = board.querySelector(`[data-pile="${press.pile}"] [data-index="${press.index}"]`) || press.card;
    const start = card.getBoundingClientRect();
    const ghost = el("div", "tl-ghost", { "aria-hidden": "true" });
    const pile = board.querySelector(`[data-pile="${press.pile}"]`);
    for (const c of pile.querySelectorAll(".tl-card")) {
      if (Number(c.dataset.index) < press.index) continue;
      const r = c.getBoundingClientRect();
      const copy = el("img", "tl-card", { alt: "", src: c.src });
      Object.assign(copy.style, { width: `${r.width}px`, height: `${r.height}px`,
                                  left: `${r.left - start.left}px`, top: `${r.top - start.top}px` });
      ghost.appendChild(copy);
    }
    document.body.appendChild(ghost);
    lifted = { ghost, dx: press.x - start.left, dy: press.y - start.top, targets: new Set() };
    board.setPointerCapture(press.id);     // the moves keep coming, whatever is under the pointer
    board.classList.add("tl-dragging");
    mark();
    send({ event: "lift", pile: press.pile, index: press.index });
  }
  // Lights the piles Python named and dims the cards that are moving (again after a redraw).
  function mark() {
    if (!lifted) return;
    for (const node of board.querySelectorAll("[data-pile]")) {
      const lit = lifted.targets.has(node.dataset.pile);
      node.classList.toggle("tl-drop", lit);
      const cards = node.querySelectorAll(".tl-card");
      if (cards.length) cards[cards.length - 1].classList.toggle("tl-droplit", lit);
      if (node.dataset.pile !== press.pile) continue;
      for (const c of cards) c.classList.toggle("tl-lifted", Number(c.dataset.index) >= press.index);
    }
  }
  const pileAt = (e) => {
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const node = under && under.closest("[data-pile]");
    return node && board.contains(node) ? node : null;
  };
  function finish(e, drop) {
    if (!press || e.pointerId !== press.id) return;
    const was = press;
    const wasLifted = lifted;
    press = null;
    lifted = null;
    if (!wasLifted) return;                // a tap: the click that follows picks up or puts down
    wasLifted.ghost.remove();
    board.classList.remove("tl-dragging");
    for (const n of board.querySelectorAll(".tl-drop, .tl-over, .tl-droplit, .tl-lifted")) {
      n.classList.remove("tl-drop", "tl-over", "tl-droplit", "tl-lifted");
    }
    if (board.hasPointerCapture(e.pointerId)) board.releasePointerCapture(e.pointerId);
    ended();
    const at = drop ? pileAt(e) : null;
    if (at && at.dataset.pile !== was.pile) send({ event: "drop", src: was.pile, index: was.index, dst: at.dataset.pile });
  }
  const onUp = (e) => finish(e, true);
  const onCancel = (e) => finish(e, false);
  const onMsg = (msg) => {
    if (!lifted || !msg || !Array.isArray(msg.lift) || msg.lift[0] !== press.pile) return;
    lifted.targets = new Set(Array.isArray(msg.targets) ? msg.targets : []);
    mark();
  };
  board.addEventListener("pointerdown", onDown);
  board.addEventListener("pointermove", onMove);
  board.addEventListener("pointerup", onUp);
  board.addEventListener("pointercancel", onCancel);
  board.addEventListener("tl-drawn", mark);
  model.on("msg:custom", onMsg);
  return () => {
    model.off("msg:custom", onMsg);
    if (lifted) lifted.ghost.remove();
  };
}

function render({ model, el: root }) {
  let urls = pictureUrls(model, null);
  let swallowClick = false;              // a drag just ended: the click the mouse makes is not a tap
  let cursor = null;                     // {pile, index}: where keyboard focus is, kept over redraws
  const present = model.get("mode") === "present";
  const slot = document.querySelectorAll('.tl-board[data-mode="play"]').length;
  // data-lm-suppress-shortcuts: while the table has focus, JupyterLab's own single-key commands
  // (d d deletes a cell, z undoes a cell edit) must not fire; our keys are handled below.
  const label = present
    ? "presented game: right arrow or space for the next move, left arrow for the one before, Home and End"
    : "card table: Tab or the arrow keys move between piles and cards, Enter picks up and puts down, "
      + "Shift+Enter sends a card up, space draws, z undoes, y redoes, h hints";
  const board = el("div", present ? "tl-board tl-present" : "tl-board",
                   { tabindex: present ? "0" : "-1", role: "application", "aria-label": label,
                     "aria-roledescription": "card table", "data-lm-suppress-shortcuts": "true",
                     "data-mode": present ? "present" : "play" });
  const lost = el("div", "tl-lost", { role: "alert" });
  root.append(board, lost);

  const send = (msg) => model.send(msg);
  const plain = (code) => code.replace(/'$/, "");

  function cardImg(code, h, w, name) {
    const img = el("img", "tl-card", { alt: code === "?" ? "face-down card" : name || code, draggable: "false" });
    img.src = urls[code === "?" ? "back" : plain(code)] || urls.back || "";
    img.style.width = `${w}px`;
    img.style.height = `${h}px`;
    if (code === "?") img.classList.add("tl-down");
    const badge = (model.get("badges") || {})[plain(code)];
    if (badge && code !== "?") img.title = `plays as ${badge}`;
    return img;
  }

  function draw() {
    const view = model.get("view") || {};
    const hadFocus = board.contains(document.activeElement) && document.activeElement !== board;
    const fit = fitCards(view.piles || [], root.clientWidth || 1000, model.get("card_height"), present);
    const { h, w } = fit;
    const piles = view.piles || [];
    const sel = view.sel;
    const targets = new Set(view.targets || []);
    const badges = model.get("badges") || {};
    board.replaceChildren();
    board.dataset.version = view.v;
    board.dataset.digest = view.digest || "";
    board.dataset.status = view.status || "";
    board.dataset.game = view.game || "";
    board.style.setProperty("--card-w", `${w}px`);
    board.style.setProperty("--card-h", `${h}px`);
    board.style.setProperty("--gap", `${fit.gap}px`);
    board.style.setProperty("--pad", `${fit.pad}px`);
    board.classList.toggle("tl-narrow", fit.narrow);

    const top = el("div", "tl-top");
    const left = el("div", "tl-top-left");
    const right = el("div", "tl-top-right");
    const cols = el("div", "tl-tableau");
    top.append(left, right);
    board.append(top, cols);

    for (const pile of piles) {
      // Face-down cards come as a count only: each is drawn as a back, "?" in the list.
      const p = { ...pile, kind: pile.role, cards: Array(pile.hidden || 0).fill("?").concat(pile.cards || []) };
      const node = el("div", `tl-pile tl-${p.kind}`, { "data-pile": p.id, "data-count": String(p.cards.length),
                                                        title: p.label, role: "group", "aria-label": pileName(pile) });
      if (targets.has(p.id)) node.classList.add("tl-target");
      const n = p.cards.length;
      let shown = [];                          // [index, offsetX, offsetY]
      if (p.kind === "tableau") {
        const down = pile.hidden || 0;
        const up = n - down;
        let dUp = 0.25 * h, dDown = 0.1 * h;
        const room = 3.6 * h;                  // keep long columns on screen by fanning tighter
        if (down * dDown + Math.max(0, up - 1) * dUp > room && up > 1) {
          dUp = Math.max(0.12 * h, (room - down * dDown) / (up - 1));
        }
        let y = 0;
        for (let i = 0; i < n; i++) { shown.push([i, 0, y]); y += p.cards[i] === "?" ? dDown : dUp; }
        node.style.height = `${Math.max(h, y - (n ? (p.cards[n - 1] === "?" ? dDown : dUp) : 0) + h)}px`;
        node.style.width = `${w}px`;
      } else if (p.kind === "waste") {
        const first = Math.max(0, n - 3);     // the last three drawn fan out; only the top plays
        for (let i = first; i < n; i++) shown.push([i, (i - first) * 0.24 * w, 0]);
        node.style.width = `${w * 1.48}px`;
        node.style.height = `${h}px`;
      } else if (p.kind === "reserve") {
        for (let i = Math.max(0, n - 4); i < n; i++) shown.push([i, 0, (i - Math.max(0, n - 4)) * 0.06 * h]);
        node.style.width = `${w}px`;
        node.style.height = `${h * 1.2}px`;
      } else {
        if (n) shown.push([n - 1, 0, 0]);     // stock and foundations: the top card is enough
        node.style.width = `${w}px`;
        node.style.height = `${h}px`;
      }
      const lit = targets.has(p.id) ? ", can take the picked-up card" : "";
      if (!n) {                               // an empty place: a marked slot to click or drop on
        const slotEl = el("div", "tl-slot");
        slotEl.textContent = p.kind === "stock" ? (view.redeal ? "\u21bb" : "") : p.kind === "foundation" ? p.label.slice(0, 1) : "";
        node.appendChild(slotEl);
        if (!present) stop(slotEl, `${pileName(pile)}${p.kind === "stock" && view.redeal ? ", Enter turns the discard over" : ""}${lit}`);
      }
      for (const [i, x, y] of shown) {
        const code = p.cards[i];
        const cardName = (model.get("names") || {})[plain(code)] || plain(code);
        const name = code === "?" ? "face-down card" : `${cardName}, face up, ${pile.place || p.label}`;
        const img = cardImg(code, h, w, name);
        img.dataset.index = String(i);
        img.dataset.card = code;
        img.style.left = `${x}px`;
        img.style.top = `${y}px`;
        const picked = sel && sel[0] === p.id && i >= sel[1];
        if (picked) img.classList.add("tl-sel");
        if (targets.has(p.id) && i === n - 1) img.classList.add("tl-lit");
        if (code !== "?" && p.kind !== "stock") img.classList.add("tl-movable");
        if (!present && p.kind === "stock" && i === n - 1) {
          stop(img, `${pileName(pile)}, Enter draws`);
        } else if (!present && code !== "?") {
          stop(img, name + (picked ? ", picked up" : "") + (i === n - 1 ? lit : ""), i !== n - 1);
        }
        node.appendChild(img);
        const badge = badges[plain(code)];
        if (badge && code !== "?") {
          const b = el("span", "tl-badge");
          b.textContent = badge;
          b.style.left = `${x + w - 26}px`;
          b.style.top = `${y + 4}px`;
          node.appendChild(b);
        }
      }
      if (p.kind === "stock" || p.kind === "foundation" || p.kind === "reserve") {
        const count = el("span", "tl-count", { "aria-hidden": "true" });
        count.textContent = String(n);
        node.appendChild(count);
      }
      (p.kind === "tableau" ? cols : p.kind === "foundation" ? right : left).appendChild(node);
    }
    const banner = view.status === "won" ? "You won!" : view.status === "no_moves" ? "No moves left" : "";
    if (banner) {
      const b = el("div", `tl-banner tl-banner-${view.status}`, { role: "status" });
      b.textContent = banner;
      board.appendChild(b);
    }
    if (hadFocus) refocus();
    board.dispatchEvent(new Event("tl-drawn"));    // a drag under way lights its drops again
  }

  // A keyboard stop: the top card (or empty place) of a pile is in the Tab order; the other
  // face-up cards of a column are reached with the up and down arrows.
  function stop(node, name, inner) {
    node.setAttribute("tabindex", inner ? "-1" : "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", name);
    node.classList.add("tl-stop");
  }

  const stops = () => [...board.querySelectorAll(".tl-stop")];
  const pileStops = () => [...board.querySelectorAll('.tl-stop[tabindex="0"]')];
  const place = (node) => ({ pile: node.closest("[data-pile]").dataset.pile,
                             index: node.dataset.index === undefined ? null : Number(node.dataset.index) });

  function refocus() {
    if (!cursor) return;
    const pile = board.querySelector(`[data-pile="${cursor.pile}"]`);
    if (!pile) return;
    const inPile = [...pile.querySelectorAll(".tl-stop")];
    const exact = inPile.find((n) => cursor.index !== null && n.dataset.index === String(cursor.index));
    const target = exact || inPile.find((n) => n.getAttribute("tabindex") === "0") || inPile[inPile.length - 1];
    if (target) target.focus({ preventScroll: true });
  }

  function moveFocus(key) {
    const here = document.activeElement;
    const all = pileStops();
    if (!all.length) return;
    if (!here || !here.classList.contains("tl-stop")) { all[0].focus(); return; }
    const pile = here.closest("[data-pile]");
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const i = all.findIndex((n) => n.closest("[data-pile]") === pile);
      const next = all[(i + (key === "ArrowRight" ? 1 : all.length - 1)) % all.length];
      next.focus();
    } else {
      const inPile = stops().filter((n) => n.closest("[data-pile]") === pile);
      const i = inPile.indexOf(here);
      const next = inPile[i + (key === "ArrowDown" ? 1 : -1)];
      if (next) next.focus();
    }
  }
  board.addEventListener("focusin", (e) => {
    if (e.target.classList && e.target.classList.contains("tl-stop")) cursor = place(e.target);
  });

  board.addEventListener("pointerdown", () => { swallowClick = false; });
  const where = (event) => {
    const pile = event.target.closest("[data-pile]");
    if (!pile || !board.contains(pile)) return null;
    const card = event.target.closest("[data-index]");
    return { pile: pile.dataset.pile, index: card ? Number(card.dataset.index) : null };
  };
  board.addEventListener("click", (e) => {
    if (present) return;
    if (swallowClick) { swallowClick = false; return; }    // the end of a drag, not a tap
    const stopEl = e.target.closest(".tl-stop");
    (stopEl || board).focus({ preventScroll: true });
    const at = where(e);
    if (at) send({ event: "click", pile: at.pile, index: at.index });
    else send({ event: "press", name: "deselect" });
  });
  board.addEventListener("dblclick", (e) => {
    if (present) return;
    const at = where(e);
    if (at) send({ event: "dblclick", pile: at.pile });
  });
  const stopDrag = present ? () => {} : dragging(board, send, model, () => { swallowClick = true; });
  const onKey = (e) => {
    const keys = model.get("key_map") || {};
    const named = keyName(e);
    if (present) {
      const step = named !== null && Object.hasOwn(keys, named) ? keys[named] : undefined;
      if (!step) return;
      e.preventDefault();
      e.stopPropagation();
      send({ event: "press", name: step });
      return;
    }
    if (e.key.startsWith("Arrow") && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      e.stopPropagation();
      moveFocus(e.key);
      return;
    }
    const focused = document.activeElement;
    if (e.key === "Enter" && focused && focused.classList.contains("tl-stop")) {
      e.preventDefault();
      e.stopPropagation();
      const at = place(focused);
      send(e.shiftKey ? { event: "dblclick", pile: at.pile } : { event: "click", pile: at.pile, index: at.index });
      return;
    }
    const name = named !== null && Object.hasOwn(keys, named) ? keys[named] : undefined;
    if (!name) return;                   // not ours: leave it to the browser and JupyterLab
    e.preventDefault();
    e.stopPropagation();                 // JupyterLab must not treat z or space as a notebook command
    send({ event: "press", name });
  };
  board.addEventListener("keydown", onKey);

  // Heartbeat (common.js): "connection lost" when Python stops answering.
  const stopHeartbeat = startHeartbeat(model, send, (on) => {
    lost.textContent = on ? LOST : "";
    lost.classList.toggle("tl-lost-on", on);
    board.dataset.lost = on ? "1" : "";
  });
  let pending = 0;
  let width = root.clientWidth;
  const resized = new ResizeObserver(() => {       // a new width (window, sidebar, projector): refit
    if (root.clientWidth === width) return;
    width = root.clientWidth;
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(draw);
  });
  resized.observe(root);
  const onWindow = () => draw();       // the presenter fits the window's height; a projector grows cards
  window.addEventListener("resize", onWindow);

  const onImages = () => { urls = pictureUrls(model, urls); draw(); };
  model.on("change:view", draw);
  model.on("change:badges", draw);
  model.on("change:names", draw);
  model.on("change:card_height", draw);
  model.on("change:images", onImages);
  draw();
  if (!present) {
    const token = resumeToken("", slot);
    if (token) send({ event: "hello", token });
  }
  // A presented game takes its step keys as soon as the page opens, before anyone clicks it: the
  // board takes the focus unless something else has it, and keys pressed with nothing focused reach it.
  const stray = (e) => {
    const on = document.activeElement;
    if ((!on || on === document.body) && board.isConnected) onKey(e);
  };
  if (present) {
    requestAnimationFrame(() => {
      const on = document.activeElement;
      if (!on || on === document.body) board.focus({ preventScroll: true });
    });
    document.addEventListener("keydown", stray);
  }
  return () => {
    document.removeEventListener("keydown", stray);
    stopHeartbeat();
    stopDrag();
    resized.disconnect();
    window.removeEventListener("resize", onWindow);
    model.off("change:view", draw);
    model.off("change:badges", draw);
    model.off("change:names", draw);
    model.off("change:card_height", draw);
    model.off("change:images", onImages);
    for (const url of Object.values(urls)) URL.revokeObjectURL(url);
  };
}

export default { render };
