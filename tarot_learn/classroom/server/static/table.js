// A shared French Tarot table's page.  The server owns the deal; this draws the view it sends this
// page (this seat's observation only) as a card table: the seats at their compass places seen from
// this seat (yours at the bottom), the trick in the middle with every card until it is collected,
// the dog, poignées, your hand lit and dimmed with the reason on hover, the deal in words and the
// score sheet.  Cards are the class deck's pictures: a face-down card is always the one back
// picture, so no address ever names a hidden card.  Clicks become intents the server checks.
const params = new URLSearchParams(location.search);
const tableId = document.body.dataset.table, art = document.body.dataset.art;
const name = params.get('name') || localStorage.getItem('tarot-seat-' + tableId) || '';
const keyName = 'tarot-key-' + tableId + '-' + name;
// Where each seat sits, counted from the seat whose page this is (play goes counter-clockwise, FT-1).
const CONTRACTS = {prise: 'Prise', garde: 'Garde', garde_sans: 'Garde sans', garde_contre: 'Garde contre'};
const PLACES = {3: ['s', 'e', 'w'], 4: ['s', 'e', 'n', 'w'], 5: ['s', 'e', 'ne', 'nw', 'w']};
let lastTrickOpen = false;
let view = null, socket = null, closedByServer = false, lastFrame = '';
let chosen = [], choosingFor = '';     // the discard being chosen: nothing is sent before "Confirm"
let poignee = null;                   // the poignée being chosen: {size, cards, turn}; sent only by "Show"
function connect() {
  const q = new URLSearchParams(); if (name) { q.set('name', name); q.set('key', localStorage.getItem(keyName) || ''); }
  if (params.get('code')) q.set('code', params.get('code'));
  const proto = location.protocol === 'https:' ? 'wss://' : 'ws://';
  socket = new WebSocket(proto + location.host + base + 'tarot/tables/' + tableId + '/socket?' + q);
  socket.onmessage = ev => {
    const data = JSON.parse(ev.data);
    if (window.chatReceive && chatReceive(data)) return;     // the chat panel's own messages (chat.js)
    if (data.key) { localStorage.setItem(keyName, data.key); return; }
    if (data.advice) return;                 // advice.js shows it
    if (data.error) { say(data.error, true); if (data.fatal) closedByServer = true; return; }
    if (ev.data === lastFrame) return;      // nothing new: keep the page (and a half-made click) as it is
    lastFrame = ev.data; view = data; draw();
  };
  socket.onclose = () => { if (!closedByServer) say('Connection lost: reload the page to take your seat back.', true); };
}
function send(intent) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(intent)); }
function el(tag, cls, text) {
  const n = document.createElement(tag); if (cls) n.className = cls; if (text !== undefined) n.textContent = text; return n;
}
const cardName = code => code === '?' ? 'face-down card' : ((view.names || {})[code] || {name: code}).name;
function cardImg(code, cls) {
  const i = el('img', 'card ' + (cls || ''));
  i.src = art + (code === '?' ? 'back' : code) + '.png'; i.alt = cardName(code); i.draggable = false;
  i.dataset.card = code;
  return i;
}
const players = () => view.obs ? view.obs.players : view.seats.length;
const placeOf = seat => PLACES[players()][(seat - (view.you == null ? 0 : view.you) + players()) % players()];
const seatName = seat => view.obs ? view.obs.seat_names[seat] : 'Seat ' + (seat + 1);
const pile = id => view.obs ? view.obs.piles.find(p => p.id === id) : null;
function seatBox(seat, i) {
  const o = view.obs, turn = o && o.current_player === i;
  const who = seat.name || 'empty seat', state = seat.abandoned ? ' (left: a robot plays)' : seat.held ? ' (away: a robot stands in)' : seat.robot ? ' (robot)' : '';
  const hand = pile('hand:' + i), count = hand ? hand.hidden + hand.cards.length : 0;
  const box = el('div', `seat place-${placeOf(i)}${turn ? ' turn' : ''}${i === view.you ? ' me' : ''}`);
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', `${seatName(i)}: ${who}${state}${turn ? ', to play' : ''}, ${count} card(s)`);
  const head = el('div', 'seat-head');
  head.append(el('span', 'where', seatName(i)), ' ', el('b', '', who), state + (i === view.you ? ' — you' : ''));
  for (const tag of seatTags(i)) head.append(' ', el('span', 'tag', tag));
  if (turn) head.append(' ', el('span', 'tag to-play', 'to play'));
  head.append(...standingTags(seat.name));
  box.append(head);
  if (i !== view.you && count) {
    const fan = el('div', 'fan'); fan.setAttribute('aria-hidden', 'true');
    for (let k = 0; k < count; k++) fan.append(cardImg('?', 'small'));
    box.append(fan, el('span', 'count', `${count} card${count === 1 ? '' : 's'}`));
  }
  const pileOf = lastTrickPile(i);
  if (pileOf) box.append(pileOf);
  return box;
}
// A player's level and badges (the class's points; the server sends none while points are off).
function standingTags(who) {
  const s = who && ((view.social || {}).standing || {})[who];
  if (!s) return [];
  const words = typeof BADGE_WORDS === 'undefined' ? {} : BADGE_WORDS;          // chat.js names the badges
  const out = [' ', el('span', 'tag level', `level ${s.level}`)];
  for (const b of s.badges) out.push(' ', el('span', 'tag badge', words[b] || b));
  return out;
}
// The trick just won, once the next one is led, lies face up beside the seat that won it; a click
// (or Enter) opens it in the middle, every card with who played it and why it won.
function lastTrickPile(seat) {
  const won = view.trick_won, current = pile('trick');
  if (!won || !(current && current.cards.length) || won.cards.length === 0) return null;
  if (seatName(seat) !== won.winner) return null;
  const b = el('button', 'last-pile'); b.id = 'last-trick';
  b.setAttribute('aria-expanded', String(lastTrickOpen));
  b.setAttribute('aria-label', `Last trick, trick ${won.number}, won by ${won.winner}: ` +
    won.cards.map(c => cardName(c.card)).join(', ') + (lastTrickOpen ? ' (shown in the middle)' : ''));
  for (const c of won.cards) b.append(cardImg(c.card, 'small'));
  b.append(el('span', 'pile-word', lastTrickOpen ? 'hide' : 'last trick'));
  b.onclick = () => { lastTrickOpen = !lastTrickOpen; draw(); };
  return b;
}
function seatTags(i) {
  const o = view.obs; if (!o) return [];
  const tags = [];
  if (o.dealer === i) tags.push('dealer');
  const bid = [...o.bids].reverse().find(b => b[0] === i);
  if (o.taker === i) tags.push('taker');
  else if (o.partner === i && o.partner !== o.taker) tags.push('partner');
  else if (bid && o.taker == null) tags.push(bid[1] === 'pass' ? 'passed' : CONTRACTS[bid[1]] || bid[1]);
  if (o.tricks_won && o.phase === 'playing') tags.push(`${o.tricks_won[i]} trick${o.tricks_won[i] === 1 ? '' : 's'}`);
  return tags;
}
// A redraw rebuilds the buttons: keyboard focus goes back to the same button, or to the one now
// in its place (the next card of the hand after a card was played), never to the page's top.
function focusKey() {
  const a = document.activeElement, box = a && a.tagName === 'BUTTON' && a.closest('#hand, #actions, #controls, #trick, #choice, #seats');
  return box ? {box: box.id, label: a.getAttribute('aria-label') || a.textContent, index: [...box.querySelectorAll('button')].indexOf(a)} : null;
}
function restoreFocus(k) {
  if (!k) return;
  const kids = [...document.getElementById(k.box).querySelectorAll('button')];
  const same = kids.find(b => (b.getAttribute('aria-label') || b.textContent) === k.label);
  const near = same || kids[Math.min(k.index, kids.length - 1)];
  if (near) near.focus({preventScroll: true});     // a redraw must never scroll the page under the reader
}
function draw() {
  const kept = focusKey();
  drawTable();
  restoreFocus(kept);
  keepTurnInView();
}
// On a small screen the seat to play may be scrolled away: bring it back when the turn passes to
// it (once a turn, so a player reading the sheet or the chat is not pulled back meanwhile).
let turnShown = null;
function keepTurnInView() {
  const seat = document.querySelector('.seat.turn');
  const key = seat ? `${view.moves}:${seat.className}` : null;
  if (!seat || key === turnShown) return;
  turnShown = key;
  const r = seat.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) seat.scrollIntoView({block: 'nearest'});
}
function drawTable() {
  const o = view.obs;
  const felt = document.getElementById('felt');
  felt.dataset.players = String(players());
  felt.dataset.state = `${view.sheet ? view.sheet.rows.length : 0}:${view.moves}`;    // what this page has drawn
  document.getElementById('seats').replaceChildren(...view.seats.map(seatBox));
  const status = document.getElementById('status');
  status.textContent = !view.started ? 'Waiting for players: the game starts when every seat is taken.' :
    view.over && view.cancelled ? 'The game was ended by agreement: it counts for nothing.' :
    view.over ? 'The game is over.' : (o ? o.status : '');
  drawTrick(o);
  drawInfo(o);
  drawHand(o);
  drawControls();
  drawSummary();
  document.getElementById('code').textContent = view.code ? 'Invitation code for this private table: ' + view.code : '';
  document.getElementById('sheet').innerHTML = sheetHtml();
  drawOptions();
  countdown = view.turn ? view.turn.seconds_left : null;
  drawClock();
}
// ----- your hand: lit cards may be played (or discarded), dimmed ones say why on hover -----------
const acts = () => view.actions || [];
const cardMove = code => acts().find(a => a.endsWith(' ' + code) && !a.startsWith('declare') && !a.startsWith('call'));
function drawHand(o) {
  const mine = view.you == null ? null : pile('hand:' + view.you);
  document.getElementById('mine').hidden = !mine || !(mine.cards.length || acts().length);
  const hand = document.getElementById('hand'); hand.replaceChildren();
  const discarding = acts().some(a => a.startsWith('discard '));
  const turn = discarding ? `${view.moves}:${o.dealer}` : '';
  if (turn !== choosingFor) { chosen = []; choosingFor = turn; }       // a new discard starts empty
  if (poignee && (poignee.turn !== view.moves || !acts().some(a => poigneeOffer(a)))) poignee = null;
  const dog = pile('dog'), fromDog = new Set(dog && o.phase === 'discarding' ? dog.cards : []);
  for (const c of (mine ? mine.cards : [])) hand.append(handCard(c, cardMove(c), discarding, fromDog.has(c)));
  if (poignee) drawPoignee(mine ? mine.cards : []); else drawChoice(discarding);
  const others = document.getElementById('actions'); others.replaceChildren();
  for (const a of acts()) if (!(mine && mine.cards.some(c => cardMove(c) === a))) {
    const offer = poigneeOffer(a);
    const b = el('button', 'action', offer ? `Choose a poignée of ${offer.length} trumps` : (view.labels || {})[a] || a);
    b.onclick = offer ? () => { poignee = {size: offer.length, cards: offer, turn: view.moves}; draw(); } : () => send({kind: 'move', move: a});
    if (offer && poignee && poignee.size === offer.length) b.setAttribute('aria-pressed', 'true');
    others.append(b);
  }
}
// ----- the poignée: the player picks which trumps to show (FT-15, FT-16) ------------------------
// The server offers one poignée per size (the lowest trumps); the player may show any other trumps
// of that number.  The offer is the starting choice; the server checks the chosen set.
const poigneeOffer = a => a.startsWith('declare poignee ') ? a.split(' ').slice(2) : null;
const trumpRank = code => Number(code.slice(1));
function poigneePool(hand) {
  const pool = new Set(hand.filter(c => c.startsWith('T')));
  for (const a of acts()) for (const c of poigneeOffer(a) || []) pool.add(c);    // with trumps the discard forced out
  return [...pool].sort((x, y) => trumpRank(y) - trumpRank(x));
}
function poigneeCard(b, code) {
  if (!code.startsWith('T')) { b.setAttribute('aria-disabled', 'true'); b.classList.add('dim'); b.title = 'a poignée shows trumps only'; return b; }
  const on = poignee.cards.includes(code);
  b.classList.add('lit'); b.classList.toggle('chosen', on); b.setAttribute('aria-pressed', String(on));
  b.onclick = () => {
    poignee.cards = on ? poignee.cards.filter(c => c !== code) : poignee.cards.length < poignee.size ? [...poignee.cards, code] : poignee.cards;
    draw();
  };
  return b;
}
function drawPoignee(hand) {
  const box = document.getElementById('choice'); box.replaceChildren();
  const shown = [...poignee.cards].sort((x, y) => trumpRank(y) - trumpRank(x));
  box.append(el('p', '', `Your poignée, ${shown.length} of ${poignee.size} trumps: ${shown.map(cardName).join(', ') || 'none yet'}. ` +
    'Tap a trump to take it in or out; the Excuse may be shown only with every trump you hold.'));
  for (const c of poigneePool(hand)) if (!hand.includes(c)) {          // a trump the discard forced out is shown again
    const b = el('button', 'card-button'); b.append(cardImg(c, 'small')); b.setAttribute('aria-label', cardName(c)); b.dataset.card = c;
    box.append(poigneeCard(b, c));
  }
  const ok = el('button', 'confirm', 'Show these trumps'); ok.disabled = shown.length !== poignee.size;
  ok.onclick = () => { const move = 'declare poignee ' + shown.join(' '); poignee = null; send({kind: 'move', move}); };
  const no = el('button', '', 'Cancel'); no.onclick = () => { poignee = null; draw(); };
  box.append(ok, no);
}
function handCard(code, move, discarding, fromDog) {
  const b = el('button', 'card-button' + (move ? ' lit' : ''));
  b.append(cardImg(code)); b.setAttribute('aria-label', cardName(code)); b.dataset.card = code;
  const why = (view.notes || {})[code];
  if (why) { b.title = why; b.setAttribute('aria-description', why); }
  if (fromDog) b.classList.add('from-dog');
  if (poignee) return poigneeCard(b, code);
  if (!move) { b.setAttribute('aria-disabled', 'true'); b.classList.toggle('dim', acts().length > 0); return b; }
  if (discarding) {
    const on = chosen.includes(code);
    b.classList.toggle('chosen', on); b.setAttribute('aria-pressed', String(on));
    b.onclick = () => { chosen = on ? chosen.filter(c => c !== code) : chosen.length < toDiscard() ? [...chosen, code] : chosen; draw(); };
  } else b.onclick = () => send({kind: 'move', move});
  return b;
}
const toDiscard = () => { const d = pile('discard'); return (players() === 5 ? 3 : 6) - (d ? d.cards.length + d.hidden : 0); };
// The discard is chosen card by card, then confirmed: only "Confirm" sends it (the server checks it).
function drawChoice(discarding) {
  const box = document.getElementById('choice'); box.replaceChildren();
  if (!discarding) return;
  const need = toDiscard();
  box.append(el('p', '', chosen.length ? `Your discard, ${chosen.length} of ${need}: ${chosen.map(cardName).join(', ')}.` :
    `Choose ${need} cards to discard (lit cards may go; hover a dimmed card to see why it may not).`));
  const undo = el('button', '', 'Undo'); undo.disabled = !chosen.length; undo.onclick = () => { chosen = chosen.slice(0, -1); draw(); };
  const ok = el('button', 'confirm', 'Confirm the discard'); ok.disabled = chosen.length !== need;
  ok.onclick = () => send({kind: 'move', move: 'discard ' + chosen.join(' ')});
  box.append(undo, ok);
}
// Playing by dragging, one code for mouse, touch and pen (Pointer Events): a lit card pressed and
// moved a few pixels follows the pointer, the middle lights up, and letting go over it plays the
// card (the server decides).  A tap stays a click; the click that ends a drag is swallowed.
let press = null, swallowClick = false;
const overMiddle = ev => { const u = document.elementFromPoint(ev.clientX, ev.clientY); return !!(u && u.closest('#middle')); };
function dragStart(ev) {
  swallowClick = false;
  if (press || (ev.pointerType === 'mouse' && ev.button !== 0)) return;
  const b = ev.target.closest('#hand .card-button.lit');
  if (b && b.onclick && cardMove(b.dataset.card) && !poignee && !acts().some(a => a.startsWith('discard ')))
    press = {id: ev.pointerId, x: ev.clientX, y: ev.clientY, b, ghost: null};
}
function dragMove(ev) {
  if (!press || ev.pointerId !== press.id) return;
  if (!press.ghost) {
    if (Math.hypot(ev.clientX - press.x, ev.clientY - press.y) < 8) return;
    const r = press.b.getBoundingClientRect();
    press.ghost = cardImg(press.b.dataset.card, 'ghost'); press.ghost.alt = '';
    Object.assign(press.ghost.style, {width: `${r.width}px`, height: `${r.height}px`});
    press.dx = press.x - r.left; press.dy = press.y - r.top;
    document.body.append(press.ghost); press.b.classList.add('lifted');
    document.getElementById('felt').classList.add('dragging');
  }
  ev.preventDefault();
  press.ghost.style.transform = `translate(${ev.clientX - press.dx}px, ${ev.clientY - press.dy}px)`;
  document.getElementById('felt').classList.toggle('over', overMiddle(ev));
}
function dragEnd(ev, drop) {
  if (!press || ev.pointerId !== press.id) return;
  const was = press; press = null;
  if (!was.ghost) {          // a tap: a finger's plays the card now (its click may never come), a mouse's click does
    const move = drop && ev.pointerType !== 'mouse' && cardMove(was.b.dataset.card);
    if (move && was.b.isConnected) { swallowClick = true; send({kind: 'move', move}); }
    return;
  }
  was.ghost.remove(); was.b.classList.remove('lifted'); swallowClick = true;
  document.getElementById('felt').classList.remove('dragging', 'over');
  const move = cardMove(was.b.dataset.card);
  if (drop && move && overMiddle(ev)) send({kind: 'move', move});
}
document.addEventListener('pointerdown', dragStart);
document.addEventListener('pointermove', dragMove, {passive: false});
document.addEventListener('pointerup', ev => dragEnd(ev, true));
document.addEventListener('pointercancel', ev => dragEnd(ev, false));
document.getElementById('hand').addEventListener('click', ev => {
  if (swallowClick) { swallowClick = false; ev.stopPropagation(); ev.preventDefault(); }   // the end of a drag, not a tap
}, true);
document.getElementById('hand').addEventListener('keydown', ev => {
  if (ev.key !== 'ArrowRight' && ev.key !== 'ArrowLeft') return;
  const cards = [...document.querySelectorAll('#hand button')], at = cards.indexOf(document.activeElement);
  if (!cards.length) return;
  ev.preventDefault();
  cards[at < 0 ? 0 : (at + (ev.key === 'ArrowRight' ? 1 : cards.length - 1)) % cards.length].focus();
});
// ----- the middle: the trick towards each player, the trick just won, the dog, poignées ----------
// The trick just won stays in the middle (every card, the winner and why) until the next card is
// led; then it lies as a small pile beside the seat that won it, one click from opening again.
function drawTrick(o) {
  const trick = document.getElementById('trick'); trick.replaceChildren();
  const won = view.trick_won, current = pile('trick'), playing = current && current.cards.length;
  if (won && !playing) trick.append(wonBox(won, 'won'));
  if (playing) {
    const box = el('div', 'trick-cards'); box.setAttribute('role', 'group'); box.setAttribute('aria-label', current.label);
    current.cards.forEach((c, k) => box.append(played(current.played_by[k], c)));
    trick.append(box);
    if (won && lastTrickOpen) trick.append(wonBox(won, 'won last'));
  }
}
function played(seat, code) {
  const span = el('span', 'played at-' + placeOf(seat)), img = cardImg(code);
  img.alt = `${seatName(seat)}: ${cardName(code)}`;           // one name: who played what
  const by = el('span', 'by', seatName(seat)); by.setAttribute('aria-hidden', 'true');
  span.append(img, by);
  return span;
}
function wonBox(won, cls) {
  const box = el('div', cls); box.setAttribute('role', 'group'); box.setAttribute('aria-label', `Trick ${won.number}`);
  const cards = el('div', 'trick-cards');
  const seats = Object.fromEntries(view.obs.seat_names.map((n, i) => [n, i]));
  for (const c of won.cards) cards.append(played(seats[c.seat], c.card));
  box.append(cards, el('p', 'winner', `Trick ${won.number}: Won by ${won.winner}: ${won.why}.`));
  return box;
}
function drawInfo(o) {
  const info = document.getElementById('info'); info.replaceChildren();
  if (!o) return;
  if (o.contract) {
    const taker = view.seats[o.taker] ? `${seatName(o.taker)} (${view.seats[o.taker].name})` : seatName(o.taker);
    info.append(el('p', 'contract', `${taker} plays a ${CONTRACTS[o.contract] || o.contract}` +
      (o.called ? ` · called the ${cardName(o.called)}` : '') + (o.chelem ? ' · chelem announced' : '')));
  }
  for (const p of o.piles) {
    const open = p.role === 'poignee' || (p.role === 'dog' && (p.cards.length || (p.hidden && o.phase === 'bidding')))
      || (p.role === 'discard' && (p.cards.length || p.hidden));
    if (!open) continue;
    const row = el('div', 'pile ' + p.role); row.setAttribute('aria-label', `${p.label}: ` +
      [...p.cards.map(cardName), ...(p.hidden ? [`${p.hidden} face-down card${p.hidden === 1 ? '' : 's'}`] : [])].join(', '));
    row.append(el('span', 'label', p.label));
    for (let k = 0; k < p.hidden; k++) row.append(cardImg('?', 'small'));
    for (const c of p.cards) row.append(cardImg(c, 'small'));
    info.append(row);
  }
}
// ----- between deals: who may deal, the vote to end, the deal in words ----------------------------
function drawControls() {
  const ctl = document.getElementById('controls'); ctl.replaceChildren();
  const button = (text, intent) => { const b = el('button', '', text); b.onclick = () => send(intent); ctl.append(b); };
  if (view.is_master && !view.started) button('Fill empty seats with robots', {kind: 'robots'});
  if (view.between_deals && view.you != null) button('Deal the next deal', {kind: 'deal'});
  if (view.may_deal_again) button('Deal again at this table (same seats)', {kind: 'deal'});
  if (view.started && !view.over && view.voters.includes(name)) {
    if (!view.vote.proposer) button('Propose to end the game (it will count for nothing)', {kind: 'propose_end'});
    else if (!view.vote.accepted.includes(name)) { button('Agree to end the game', {kind: 'accept_end'}); button('Keep playing', {kind: 'refuse_end'}); }
  }
  document.getElementById('vote').textContent = view.vote.proposer ?
    `${view.vote.proposer} proposes to end the game; agreed: ${view.vote.accepted.join(', ')} (robots do not vote).` :
    view.refused_by && !view.over ? `${view.refused_by} refused to end the game: play goes on.` : '';
}
// Every figure is the server's (the engine's score); the page only lays them out.
function drawSummary() {
  const s = view.summary, box = document.getElementById('summary-box'), out = document.getElementById('summary');
  box.hidden = !s; out.replaceChildren();
  if (!s) return;
  out.append(el('p', 'headline', s.headline));
  const facts = el('ul', 'facts');
  facts.append(el('li', '', `Contract: ${s.contract}; taker: ${s.taker}; partner: ${s.partner || 'none (the taker plays alone)'}.`),
    el('li', '', `Bouts: ${s.bouts}; points: ${s.points}; needed: ${s.needed}; ${s.made ? 'made by' : 'failed by'} ${s.by}.`),
    el('li', '', s.bonuses.length ? 'Bonuses: ' + s.bonuses.map(b => `${b.label} ${b.value > 0 ? '+' : ''}${b.value}`).join('; ') + '.' : 'No bonus.'));
  out.append(facts);
  const t = el('table', 'deal-scores'); t.setAttribute('aria-label', `Scores of deal ${s.number}`);
  const head = el('tr'); head.append(el('th', '', 'seat'), el('th', '', 'role'), el('th', '', 'score')); t.append(head);
  for (const p of s.seats) { const r = el('tr'); r.append(el('td', '', p.name), el('td', '', p.role), el('td', 'score', (p.score > 0 ? '+' : '') + p.score)); t.append(r); }
  out.append(t);
  if (s.practice) out.append(el('p', 'note', 'A practice deal: it is on the sheet but does not change the totals.'));
}
// Only the seat to play reads "Your turn"; the others read whose turn it is; nothing once the game is over.
let countdown = null;
function drawClock() {
  const t = view && !view.over ? view.turn : null, clock = document.getElementById('clock');
  if (!t) { clock.textContent = ''; return; }
  const left = countdown == null ? '' : `: ${countdown} s left`;
  clock.textContent = t.mine ? `Your turn${left}.` : `${t.where} to play${left}.`;
  clock.className = t.mine ? 'mine' : '';
}
setInterval(() => {
  if (countdown == null || !view) return;
  countdown = Math.max(0, countdown - 1); drawClock();
}, 1000);
function drawOptions() {
  const form = document.getElementById('options');
  form.hidden = !view.is_master || view.over;
  document.getElementById('pending').textContent = view.pending ? 'Your changes apply from the next deal.' : '';
  if (form.hidden || form.contains(document.activeElement)) return;
  const o = view.options;
  form.seconds.value = o.seconds_per_turn || 0; form.rounds.value = o.rounds; form.bet.value = o.bet;
  form.hold.value = o.hold_seconds; form.competitive.checked = o.competitive;
  form.spectators.checked = o.spectators; form.private.checked = o.private;
}
document.getElementById('options').addEventListener('submit', ev => {
  ev.preventDefault(); const f = ev.target, secs = parseInt(f.seconds.value, 10);
  send({kind: 'options', options: {seconds_per_turn: secs > 0 ? secs : null, rounds: parseInt(f.rounds.value, 10),
    bet: parseInt(f.bet.value, 10), hold_seconds: parseInt(f.hold.value, 10), competitive: f.competitive.checked,
    spectators: f.spectators.checked, private: f.private.checked}});
});
function sheetHtml() {
  const s = view.sheet; if (!s || !s.rows.length) return '';
  const head = '<tr><th>deal</th>' + s.names.map(n => `<th>${esc(n)}</th>`).join('') + '</tr>';
  const rows = s.rows.map((r, i) => `<tr><td>${i + 1}: ${esc(r.result)}${r.practice ? ' (practice)' : ''}</td>` + r.scores.map(x => `<td>${x}</td>`).join('') + '</tr>').join('');
  const foot = '<tr><th>total</th>' + s.totals.map(x => `<th>${x}</th>`).join('') + '</tr>';
  const note = s.cancelled ? '<p>Ended by agreement: this game counts for nothing.</p>' :
    view.practice ? '<p>Practice deals: these totals are practice and count for nothing in the ranking.</p>' : '';
  return `<table aria-label="Score sheet">${head}${rows}${foot}</table>${note}`;
}
connect();
