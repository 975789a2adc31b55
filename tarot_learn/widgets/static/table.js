// TarotTable's table (anywidget ESM).  Python owns the deal; this draws the small JSON view
// (your hand, the other seats, the trick, the dog, a countdown) and reports clicks on your
// cards.  The clock is Python's: the countdown only displays the seconds Python says are left.
// Pictures arrive once as PNG bytes.  Every card is named for screen readers from view.names
// (French names, computed in Python from the cards the view shows); your hand's cards are
// buttons: Tab or the arrow keys move between them, Enter plays the focused one.  A resume token
// kept in localStorage lets a reloaded page take its match back from the kernel's autosave.

// Where each compass seat sits round the table, as a CSS grid area.
const AREA = { South: "s", East: "e", North: "n", West: "w", "North-East": "ne", "North-West": "nw" };

function node(tag, cls, text) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text !== undefined) n.textContent = text;
  return n;
}

// Playing by dragging, one code for mouse, touch and pen (Pointer Events): a card of your hand
// pressed and moved a few pixels follows the pointer, the trick lights up, and letting go over
// the middle of the table plays it (Python decides whether it may be played).  A tap stays a
// click, so a card can be played by tapping it too.
function handDrag(table, play, ended) {
  let press = null;                      // {id, x, y, code, ghost, dx, dy}
  const middle = (e) => {
    const under = document.elementFromPoint(e.clientX, e.clientY);
    return !!(under && under.closest(".tt-middle") && table.contains(under));
  };
  const onDown = (e) => {
    if (press || (e.pointerType === "mouse" && e.button !== 0)) return;
    const card = e.target.closest(".tt-hand .tt-card");
    if (card) press = { id: e.pointerId, x: e.clientX, y: e.clientY, code: card.dataset.card, card, ghost: null };
  };
  const onMove = (e) => {
    if (!press || e.pointerId !== press.id) return;
    if (!press.ghost) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < 8) return;
      const r = press.card.getBoundingClientRect();
      press.ghost = node("img", "tt-card tt-ghost");
      press.ghost.src = press.card.src;
      press.ghost.alt = "";
      Object.assign(press.ghost.style, { width: `${r.width}px`, height: `${r.height}px` });
      press.dx = press.x - r.left;
      press.dy = press.y - r.top;
      document.body.appendChild(press.ghost);
      press.card.classList.add("tt-lifted");
      table.classList.add("tt-dragging");
      table.setPointerCapture(press.id);
    }
    e.preventDefault();
    press.ghost.style.transform = `translate(${e.clientX - press.dx}px, ${e.clientY - press.dy}px)`;
    table.classList.toggle("tt-over", middle(e));
  };
  function finish(e, drop) {
    if (!press || e.pointerId !== press.id) return;
    const was = press;
    press = null;
    if (!was.ghost) return;               // a tap: the click that follows plays the card
    was.ghost.remove();
    was.card.classList.remove("tt-lifted");
    table.classList.remove("tt-dragging", "tt-over");
    if (table.hasPointerCapture(e.pointerId)) table.releasePointerCapture(e.pointerId);
    ended();
    if (drop && middle(e)) play(was.code);
  }
  const onUp = (e) => finish(e, true);
  const onCancel = (e) => finish(e, false);
  table.addEventListener("pointerdown", onDown);
  table.addEventListener("pointermove", onMove);
  table.addEventListener("pointerup", onUp);
  table.addEventListener("pointercancel", onCancel);
  return () => { if (press && press.ghost) press.ghost.remove(); };
}

function render({ model, el: root }) {
  const slot = document.querySelectorAll(".tt-table").length;   // which table of the page, for its token
  let urls = pictureUrls(model, null);
  let timer = null;
  const table = node("div", "tt-table");
  table.tabIndex = -1;
  table.setAttribute("role", "application");
  table.setAttribute("aria-roledescription", "card table");
  table.setAttribute("aria-label", "French Tarot table: Tab or the arrow keys move along your hand, Enter plays the focused card");
  let focusCard = null;
  table.setAttribute("data-lm-suppress-shortcuts", "true");   // no JupyterLab cell commands here
  const lost = node("div", "tl-lost");
  lost.setAttribute("role", "alert");
  root.append(table, lost);

  const img = (code, h, cls) => {
    const i = node("img", `tt-card ${cls || ""}`);
    i.src = urls[code === "?" ? "back" : code] || urls.back || "";
    i.alt = code === "?" ? "face-down card" : ((model.get("view") || {}).names || {})[code] || code;
    i.draggable = false;
    i.style.height = `${h}px`;
    i.style.width = `${Math.round(h * 0.58)}px`;
    i.dataset.card = code;
    return i;
  };

  // The countdown runs per turn, not per view: a redraw within a turn keeps its start.
  // view.turn names the turn (deal number and moves made); view.deadline the seconds left.
  let clockTurn = null;
  let clockStart = 0;
  function clock(view) {
    if (!view.deadline) {
      if (timer) { clearInterval(timer); timer = null; }
      clockTurn = null;
      return;
    }
    if (view.turn !== clockTurn) {
      if (timer) clearInterval(timer);
      clockTurn = view.turn;
      clockStart = performance.now();
      timer = setInterval(tick, 200);
    }
    tick();
    function tick() {
      const total = view.deadline * 1000;
      const left = Math.max(0, total - (performance.now() - clockStart));
      const bar = table.querySelector(".tt-clock");
      if (bar) {
        bar.firstChild.style.width = `${(100 * left) / total}%`;
        bar.dataset.left = String(Math.ceil(left / 1000));
        bar.title = `${Math.ceil(left / 1000)} s left, then the bot plays for you`;
      }
      if (left <= 0 && timer) {       // Python's clock decides; this bar only shows it
        clearInterval(timer);
        timer = null;
      }
    }
  }

  function draw() {
    const view = model.get("view") || {};
    const hadFocus = table.contains(document.activeElement) && document.activeElement !== table;
    // a narrow window gets smaller cards: the hand (up to 24 cards) wraps, never clips
    const grow = window.innerWidth >= 1600 && window.innerHeight >= 900 ? 1.5 : 1;   // a projector
    // a phone (a narrow place) stacks the seats in two columns, and its hand's cards overlap
    // so that each shows a strip a finger can tap
    const width = root.clientWidth || 1000;
    const narrow = width < 600;
    const fit = Math.floor((width - 40) / 9);
    const h = narrow ? 64 : Math.max(48, Math.min(model.get("card_height") * grow, fit));
    table.classList.toggle("tt-narrow", narrow);
    table.style.setProperty("--tt-h", `${h}px`);
    table.style.setProperty("--tt-step", `${-(Math.round(h * 0.58) - (narrow ? 24 : 36))}px`);
    const small = Math.round(h * 0.62);
    table.replaceChildren();
    table.dataset.version = view.v;
    table.dataset.phase = view.phase || "";
    table.dataset.toPlay = String(view.to_play);
    table.dataset.players = String(view.players);
    table.classList.toggle("tt-five", view.players === 5);
    const seats = view.seats || [];

    for (let s = 1; s < seats.length; s++) {
      const seat = seats[s];
      const box = node("div", `tt-seat tt-area-${AREA[seat.name] || "n"}`);
      box.dataset.seat = String(s);
      box.dataset.count = String(seat.n);
      if (view.to_play === s) box.classList.add("tt-turn");
      const head = node("div", "tt-seat-head", seat.player === seat.name ? seat.name : `${seat.player}`);
      const tags = [...seat.role];
      if (seat.bid) tags.push(seat.bid === "pass" ? "passed" : seat.bid.replace("_", " "));
      if (tags.length) head.appendChild(node("span", "tt-tags", tags.join(" \u00b7 ")));
      head.appendChild(node("span", "tt-tricks", `${seat.tricks} trick${seat.tricks === 1 ? "" : "s"}`));
      box.appendChild(head);
      const open = seat.cards.length > 0;     // the teaching view: this hand face up
      const cards = node("div", open ? "tt-fan tt-fan-open" : "tt-fan tt-fan-small");
      cards.setAttribute("role", "group");
      cards.setAttribute("aria-label", open ? `${seat.name}'s hand` : `${seat.name}'s hand: ${seat.n} face-down cards`);
      const shown = open ? seat.cards : Array(seat.n).fill("?");
      for (const c of shown) {
        const ch = open ? Math.round(h * 0.78) : small;
        const i = img(c, ch);
        if (open) i.style.marginRight = `${-Math.round(ch * 0.58 * 0.52)}px`;   // the corner index shows
        else i.setAttribute("aria-hidden", "true");
        cards.appendChild(i);
      }
      box.appendChild(cards);
      if (seat.text) box.appendChild(node("div", "tt-handtext", seat.text));
      table.appendChild(box);
    }

    // the middle: the trick, placed towards each player, and the last trick
    const mid = node("div", "tt-middle tt-area-m");
    const trick = node("div", "tt-trick");
    trick.dataset.count = String((view.trick || []).length);
    for (const [seat, code] of view.trick || []) {
      const c = img(code, h, `tt-pos-${AREA[seats[seat].name] || "n"}`);
      c.dataset.seat = String(seat);
      trick.appendChild(c);
    }
    mid.appendChild(trick);
    const info = node("div", "tt-info");
    if (view.contract) info.appendChild(node("div", "tt-contract",
      `${seats.find((s) => s.role.includes("taker"))?.name || ""} ${view.contract.replace("_", " ")}` +
      (view.called ? ` \u00b7 called ${view.called}` : "") + (view.chelem ? " \u00b7 chelem announced" : "")));
    if (view.last) {
      const last = node("div", "tt-last");
      last.appendChild(node("span", "tt-label", `last trick, won by ${seats[view.last.winner].player}`));
      view.last.cards.forEach((code) => last.appendChild(img(code, Math.round(h * 0.42))));
      info.appendChild(last);
    }
    if ((view.dog || []).length) {
      const dog = node("div", "tt-dog");
      dog.appendChild(node("span", "tt-label", view.dog_label));
      view.dog.forEach((code) => dog.appendChild(img(code, Math.round(h * 0.5))));
      info.appendChild(dog);
    }
    for (const [seat, cards] of view.poignees || []) {
      const p = node("div", "tt-poignee");
      p.appendChild(node("span", "tt-label", `poign\u00e9e of ${seats[seat].player}`));
      cards.forEach((code) => p.appendChild(img(code, Math.round(h * 0.36))));
      info.appendChild(p);
    }
    mid.appendChild(info);
    table.appendChild(mid);

    // your hand
    const me = node("div", "tt-seat tt-me tt-area-s");
    me.dataset.seat = "0";
    me.dataset.count = String((view.hand || []).length);
    if (view.to_play === 0) me.classList.add("tt-turn");
    const you = seats[0] || { player: "You", role: [], tricks: 0 };
    const head = node("div", "tt-seat-head", `${you.player} (South)`);
    const tags = [...(you.role || [])];
    if (you.bid) tags.push(you.bid === "pass" ? "passed" : you.bid.replace("_", " "));
    if (tags.length) head.appendChild(node("span", "tt-tags", tags.join(" \u00b7 ")));
    head.appendChild(node("span", "tt-tricks", `${you.tricks} trick${you.tricks === 1 ? "" : "s"}`));
    if (view.deadline) {
      const bar = node("div", "tt-clock");
      bar.appendChild(node("div", "tt-clock-fill"));
      head.appendChild(bar);
    }
    me.appendChild(head);
    const fan = node("div", "tt-fan tt-hand");
    fan.setAttribute("role", "group");
    fan.setAttribute("aria-label", "your hand");
    for (const card of view.hand || []) {
      const cls = card.ok === true ? "tt-legal" : card.ok === false ? "tt-illegal" : "";
      const c = img(card.c, h, cls);
      if (card.sel) c.classList.add("tt-selected");
      if (card.dog) c.classList.add("tt-fromdog");
      if (card.why) c.title = card.why;
      const state = card.ok === true ? ", playable" : card.ok === false ? `, held back${card.why ? `: ${card.why}` : ""}` : "";
      c.setAttribute("role", "button");
      c.setAttribute("tabindex", "0");
      c.setAttribute("aria-label", `${c.alt}${state}${card.sel ? ", chosen" : ""}${card.dog ? ", from the dog" : ""}`);
      fan.appendChild(c);
    }
    me.appendChild(fan);
    table.appendChild(me);
    const status = node("div", "tt-status tt-area-st", view.status || "");
    status.setAttribute("role", "status");
    table.appendChild(status);
    clock(view);
    if (hadFocus && focusCard) {
      const again = [...table.querySelectorAll(".tt-hand .tt-card")];
      const same = again.find((n) => n.dataset.card === focusCard.card) || again[Math.min(focusCard.at, again.length - 1)];
      if (same) same.focus({ preventScroll: true });
    }
  }

  table.addEventListener("focusin", (e) => {
    const hand = [...table.querySelectorAll(".tt-hand .tt-card")];
    const at = hand.indexOf(e.target);
    if (at >= 0) focusCard = { card: e.target.dataset.card, at };
  });
  table.addEventListener("keydown", (e) => {
    const hand = [...table.querySelectorAll(".tt-hand .tt-card")];
    const at = hand.indexOf(document.activeElement);
    if ((e.key === "ArrowRight" || e.key === "ArrowLeft") && hand.length) {
      e.preventDefault();
      e.stopPropagation();
      const next = at < 0 ? 0 : (at + (e.key === "ArrowRight" ? 1 : hand.length - 1)) % hand.length;
      hand[next].focus();
    } else if ((e.key === "Enter" || e.key === " ") && at >= 0) {
      e.preventDefault();
      e.stopPropagation();
      model.send({ event: "card", card: hand[at].dataset.card });
    }
  });

  let swallowClick = false;
  table.addEventListener("pointerdown", () => { swallowClick = false; });
  const stopDrag = handDrag(table, (code) => model.send({ event: "card", card: code }), () => { swallowClick = true; });
  table.addEventListener("click", (e) => {
    if (swallowClick) { swallowClick = false; return; }    // the end of a drag, not a tap
    const card = e.target.closest(".tt-hand .tt-card");
    if (card) model.send({ event: "card", card: card.dataset.card });
  });

  // Heartbeat (common.js): "connection lost" when Python stops answering.
  const stopHeartbeat = startHeartbeat(model, (msg) => model.send(msg), (on) => {
    lost.textContent = on ? LOST : "";
    lost.classList.toggle("tl-lost-on", on);
  });

  const onImages = () => { urls = pictureUrls(model, urls); draw(); };
  model.on("change:view", draw);
  model.on("change:card_height", draw);
  model.on("change:images", onImages);
  draw();
  // The resume token (common.js), sent once: Python keeps the match under it after every change
  // and brings it back when the kernel was lost and the page is reloaded.
  const token = resumeToken("table", slot);
  if (token) model.send({ event: "hello", token });
  return () => {
    stopHeartbeat();
    stopDrag();
    if (timer) clearInterval(timer);
    model.off("change:view", draw);
    model.off("change:card_height", draw);
    model.off("change:images", onImages);
    for (const url of Object.values(urls)) URL.revokeObjectURL(url);
  };
}

export default { render };
