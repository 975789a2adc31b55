const params = new URLSearchParams(location.search);
const tableId = document.body.dataset.table, name = params.get('name') || '';
const keyName = 'tarot-key-' + tableId + '-' + name;
const colourOf = {W: 'black', C: 'red', S: 'black', P: 'red'};
const PAUSE_MS = 4000;        // a finished trick stays in the middle this long, even if the next lead is quick
let shownTrick = 0, trickUntil = 0, lastTrickOpen = false;
let view = null, socket = null, closedByServer = false, lastFrame = '';
function connect() {
  const q = new URLSearchParams(); if (name) { q.set('name', name); q.set('key', localStorage.getItem(keyName) || ''); }
  if (params.get('code')) q.set('code', params.get('code'));
  const proto = location.protocol === 'https:' ? 'wss://' : 'ws://';
  socket = new WebSocket(proto + location.host + base + 'tarot/tables/' + tableId + '/socket?' + q);
  socket.onmessage = ev => {
    const data = JSON.parse(ev.data);
    if (data.key) { localStorage.setItem(keyName, data.key); return; }
    if (data.advice) return;                 // advice.js shows it
    if (data.error) { say(data.error, true); if (data.fatal) closedByServer = true; return; }
    if (ev.data === lastFrame) return;      // nothing new: keep the page (and a half-made click) as it is
    lastFrame = ev.data; view = data; draw();
  };
  socket.onclose = () => { if (!closedByServer) say('Connection lost: reload the page to take your seat back.', true); };
}
function send(intent) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(intent)); }
function cardLabel(code) {
  if (code === '?') return ['?', 'face-down card', 'black'];
  const w = (view.names || {})[code] || {text: code, name: code};
  return [w.text, w.name, code[0] === 'T' ? 'trump' : colourOf[code[code.length - 1]] || 'black'];
}
function cardButton(code, move) {
  const [text, label, col] = cardLabel(code), b = document.createElement('button');
  b.className = 'card ' + col; b.textContent = text; b.setAttribute('aria-label', label);
  // a card that cannot be played stays focusable (aria-disabled), so focus survives the turn passing
  if (move) b.onclick = () => send({kind: 'move', move}); else b.setAttribute('aria-disabled', 'true');
  return b;
}
function seatsHtml() {
  return view.seats.map((s, i) => {
    const turn = view.obs && view.obs.current_player === i;
    const who = s.name || 'empty seat', state = s.abandoned ? ' (left: a robot plays)' : s.held ? ' (away: a robot stands in)' : s.robot ? ' (robot)' : '';
    const pile = view.obs && view.obs.piles.find(p => p.id === 'hand:' + i);
    const cards = pile ? pile.hidden + pile.cards.length : 0;
    const where = view.obs ? view.obs.seat_names[i] : 'Seat ' + (i + 1);
    return `<div class="seat${turn ? ' turn' : ''}" aria-label="${esc(where)}: ${esc(who)}${esc(state)}${turn ? ', to play' : ''}">` +
      `${esc(where)}: <b>${esc(who)}</b>${esc(state)}${i === view.you ? ' — you' : ''}<br>${cards} card(s)${turn ? ' · <b>to play</b>' : ''}</div>`;
  }).join('');
}
// A redraw rebuilds the buttons: keyboard focus goes back to the same button, or to the one now
// in its place (the next card of the hand after a card was played), never to the page's top.
function focusKey() {
  const a = document.activeElement, box = a && a.tagName === 'BUTTON' && a.closest('#hand, #actions, #controls, #trick');
  return box ? {box: box.id, label: a.getAttribute('aria-label') || a.textContent, index: [...box.children].indexOf(a)} : null;
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
}
function drawTable() {
  const o = view.obs, acts = view.actions || [];
  document.getElementById('seats').innerHTML = seatsHtml();
  const status = document.getElementById('status');
  status.textContent = !view.started ? 'Waiting for players: the game starts when every seat is taken.' :
    view.over && view.cancelled ? 'The game was ended by agreement: it counts for nothing.' :
    view.over ? 'The game is over.' : (o ? o.status : '');
  drawTrick(o);
  const hand = document.getElementById('hand'); hand.innerHTML = '';
  const mine = o && o.piles.find(p => p.id === 'hand:' + view.you);
  for (const c of (mine ? mine.cards : [])) hand.append(cardButton(c, acts.find(a => a.endsWith(' ' + c) && !a.startsWith('declare'))));
  const others = document.getElementById('actions'); others.innerHTML = '';
  for (const a of acts) if (!(mine && mine.cards.some(c => a.endsWith(' ' + c) && !a.startsWith('declare')))) {
    const b = document.createElement('button'); b.textContent = (view.labels || {})[a] || a; b.onclick = () => send({kind: 'move', move: a}); others.append(b);
  }
  const ctl = document.getElementById('controls'); ctl.innerHTML = '';
  const button = (text, intent) => { const b = document.createElement('button'); b.textContent = text; b.onclick = () => send(intent); ctl.append(b); };
  if (view.is_master && !view.started) button('Fill empty seats with robots', {kind: 'robots'});
  if (view.between_deals && view.you != null) button('Deal the next deal', {kind: 'deal'});
  if (view.started && !view.over && view.voters.includes(name)) {
    if (!view.vote.proposer) button('Propose to end the game (it will count for nothing)', {kind: 'propose_end'});
    else if (!view.vote.accepted.includes(name)) { button('Agree to end the game', {kind: 'accept_end'}); button('Keep playing', {kind: 'refuse_end'}); }
  }
  document.getElementById('vote').textContent = view.vote.proposer ?
    `${view.vote.proposer} proposes to end the game; agreed: ${view.vote.accepted.join(', ')} (robots do not vote).` :
    view.refused_by && !view.over ? `${view.refused_by} refused to end the game: play goes on.` : '';
  document.getElementById('code').textContent = view.code ? 'Invitation code for this private table: ' + view.code : '';
  document.getElementById('sheet').innerHTML = sheetHtml();
  drawOptions();
  countdown = view.turn ? view.turn.seconds_left : null;
  drawClock();
}
// Only the seat to play reads "Your turn"; the others read whose turn it is; nothing once the game is over.
let countdown = null;
function drawClock() {
  const t = view && !view.over ? view.turn : null, clock = document.getElementById('clock');
  if (!t) { clock.textContent = ''; return; }
  const left = countdown == null ? '' : `: ${countdown} s left`;
  clock.textContent = t.mine ? `Your turn${left}.` : `${t.where} to play${left}.`;
}
setInterval(() => {
  if (countdown == null || !view) return;
  countdown = Math.max(0, countdown - 1); drawClock();
}, 1000);
function pileBox(label, codes, hidden) {
  const box = document.createElement('div'); box.append(label + ': ');
  for (let k = 0; k < hidden; k++) box.append(cardButton('?', null));
  for (const c of codes) box.append(cardButton(c, null));
  return box;
}
// The trick just won stays in the middle (four cards, the winner and why) until the next card is
// played, and at least PAUSE_MS; after that it is one click away ("Last trick").
function drawTrick(o) {
  const trick = document.getElementById('trick'); trick.innerHTML = '';
  const won = view.trick_won, now = Date.now();
  if (won && won.number > shownTrick) { shownTrick = won.number; trickUntil = now + PAUSE_MS; setTimeout(() => view && draw(), PAUSE_MS + 50); }
  const current = o ? o.piles.find(p => p.role === 'trick') : null;
  const fresh = won && (!current || !current.cards.length || now < trickUntil);
  if (won && (fresh || lastTrickOpen)) trick.append(wonBox(won));
  for (const p of (o ? o.piles : [])) if ((p.role === 'trick' && p.cards.length) || p.role === 'dog') trick.append(pileBox(p.label, p.cards, p.hidden));
  if (won && !fresh) {
    const b = document.createElement('button'); b.id = 'last-trick'; b.setAttribute('aria-expanded', String(lastTrickOpen));
    b.textContent = lastTrickOpen ? 'Hide the last trick' : 'Last trick';
    b.onclick = () => { lastTrickOpen = !lastTrickOpen; draw(); }; trick.append(b);
  }
}
function wonBox(won) {
  const box = document.createElement('div'); box.className = 'won'; box.setAttribute('aria-label', `Trick ${won.number}`);
  box.append(`Trick ${won.number}: `);
  for (const c of won.cards) { const span = document.createElement('span'); span.className = 'played'; span.append(c.seat + ' ', cardButton(c.card, null)); box.append(span); }
  const p = document.createElement('p'); p.className = 'winner'; p.textContent = `Won by ${won.winner}: ${won.why}.`; box.append(p);
  return box;
}
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
