// SolitaireBoard's card table (anywidget ESM).  Python owns the game: this file draws the
// compact view it sends (piles by role; face-down cards as a count, never an identity) and
// reports clicks, double-clicks, drops and keys back as intents.
// Card pictures arrive once, as PNG bytes, and become object URLs; a move redraws from the
// small JSON view only.

const KEYS = { z: "undo", y: "redo", d: "draw", " ": "draw", h: "hint", Escape: "deselect", a: "auto" };

function pictureUrls(model, old) {
  for (const url of Object.values(old || {})) URL.revokeObjectURL(url);
  const urls = {};
  const images = model.get("images") || {};
  for (const [code, data] of Object.entries(images)) {
    const bytes = data instanceof DataView ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data;
    urls[code] = URL.createObjectURL(new Blob([bytes], { type: "image/png" }));
  }
  return urls;
}

function el(tag, cls, attrs) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

function render({ model, el: root }) {
  let urls = pictureUrls(model, null);
  let drag = null;
  // data-lm-suppress-shortcuts: while the table has focus, JupyterLab's own single-key commands
  // (d d deletes a cell, z undoes a cell edit) must not fire; our keys are handled below.
  const board = el("div", "tl-board", { tabindex: "0", role: "application", "aria-label": "card table",
                                       "data-lm-suppress-shortcuts": "true" });
  root.appendChild(board);

  const send = (msg) => model.send(msg);
  const plain = (code) => code.replace(/'$/, "");

  function cardImg(code, h, w) {
    const img = el("img", "tl-card", { alt: code === "?" ? "face-down card" : code, draggable: "false" });
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
    const h = model.get("card_height");
    const w = Math.round(h * 0.58);
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

    const top = el("div", "tl-top");
    const left = el("div", "tl-top-left");
    const right = el("div", "tl-top-right");
    const cols = el("div", "tl-tableau");
    top.append(left, right);
    board.append(top, cols);

    for (const pile of piles) {
      // Face-down cards come as a count only: each is drawn as a back, "?" in the list.
      const p = { ...pile, kind: pile.role, cards: Array(pile.hidden || 0).fill("?").concat(pile.cards || []) };
      const node = el("div", `tl-pile tl-${p.kind}`, { "data-pile": p.id, "data-count": String(p.cards.length), title: p.label });
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
      if (!n) {                               // an empty place: a marked slot to click or drop on
        const slot = el("div", "tl-slot");
        slot.textContent = p.kind === "stock" ? (view.redeal ? "\u21bb" : "") : p.kind === "foundation" ? p.label.slice(0, 1) : "";
        node.appendChild(slot);
      }
      for (const [i, x, y] of shown) {
        const code = p.cards[i];
        const img = cardImg(code, h, w);
        img.dataset.index = String(i);
        img.dataset.card = code;
        img.style.left = `${x}px`;
        img.style.top = `${y}px`;
        if (sel && sel[0] === p.id && i >= sel[1]) img.classList.add("tl-sel");
        if (targets.has(p.id) && i === n - 1) img.classList.add("tl-lit");
        if (code !== "?" && p.kind !== "stock") img.draggable = true;
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
        const count = el("span", "tl-count");
        count.textContent = String(n);
        node.appendChild(count);
      }
      (p.kind === "tableau" ? cols : p.kind === "foundation" ? right : left).appendChild(node);
    }
    const banner = view.status === "won" ? "You won!" : view.status === "stuck" ? "No moves left" : "";
    if (banner) {
      const b = el("div", `tl-banner tl-banner-${view.status}`);
      b.textContent = banner;
      board.appendChild(b);
    }
  }

  const where = (event) => {
    const pile = event.target.closest("[data-pile]");
    if (!pile || !board.contains(pile)) return null;
    const card = event.target.closest("[data-index]");
    return { pile: pile.dataset.pile, index: card ? Number(card.dataset.index) : null };
  };
  board.addEventListener("click", (e) => {
    board.focus({ preventScroll: true });
    const at = where(e);
    if (at) send({ event: "click", pile: at.pile, index: at.index });
    else send({ event: "key", name: "deselect" });
  });
  board.addEventListener("dblclick", (e) => {
    const at = where(e);
    if (at) send({ event: "dblclick", pile: at.pile });
  });
  board.addEventListener("dragstart", (e) => {
    const at = where(e);
    if (!at || at.index === null) return;
    drag = at;
    e.dataTransfer.setData("text/plain", `${at.pile}:${at.index}`);
    e.dataTransfer.effectAllowed = "move";
  });
  board.addEventListener("dragover", (e) => { if (drag && e.target.closest("[data-pile]")) e.preventDefault(); });
  board.addEventListener("drop", (e) => {
    e.preventDefault();
    const at = where(e);
    if (drag && at) send({ event: "drop", src: drag.pile, index: drag.index, dst: at.pile });
    drag = null;
  });
  board.addEventListener("dragend", () => { drag = null; });
  board.addEventListener("keydown", (e) => {
    let name = KEYS[e.key];
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") name = e.shiftKey ? "redo" : "undo";
    else if (e.ctrlKey || e.metaKey || e.altKey) return;   // leave the browser's own shortcuts alone
    if (!name) return;
    e.preventDefault();
    e.stopPropagation();                 // JupyterLab must not treat z or space as a notebook command
    send({ event: "key", name });
  });

  const onImages = () => { urls = pictureUrls(model, urls); draw(); };
  model.on("change:view", draw);
  model.on("change:badges", draw);
  model.on("change:card_height", draw);
  model.on("change:images", onImages);
  draw();
  return () => {
    model.off("change:view", draw);
    model.off("change:badges", draw);
    model.off("change:card_height", draw);
    model.off("change:images", onImages);
    for (const url of Object.values(urls)) URL.revokeObjectURL(url);
  };
}

export default { render };
