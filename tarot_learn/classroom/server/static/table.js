const params = new URLSearchParams(location.search);
const tableId = document.body.dataset.table, name = params.get('name') || '';
const keyName = 'tarot-key-' + tableId + '-' + name;
const suitOf = {W: ['♣', 'black'], C: ['♥', 'red'], S: ['♠', 'black'], P: ['♦', 'red']};
let view = null, socket = null, closedByServer = false, lastFrame = '';
function connect() {
  const q = new URLSearchParams(); if (name) { q.set('name', name); q.set('key', localStorage.getItem(keyName) || ''); }
  if (params.get('code')) q.set('code', params.get('code'));
  const proto = location.protocol === 'https:' ? 'wss://' : 'ws://';
  socket = new WebSocket(proto + location.host + base + 'tarot/tables/' + tableId + '/socket?' + q);
  socket.onmessage = ev => {
    const data = JSON.parse(ev.data);
    if (data.key) { localStorage.setItem(keyName, data.key); return; }
    if (data.error) { say(data.error, true); if (data.fatal) closedByServer = true; return; }
    if (ev.data === lastFrame) return;      // nothing new: keep the page (and a half-made click) as it is
    lastFrame = ev.data; view = data; draw();
  };
  socket.onclose = () => { if (!closedByServer) say('Connection lost: reload the page to take your seat back.', true); };
}
function send(intent) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(intent)); }
function cardLabel(code) {
  if (code === '?') return ['?', 'face-down card', 'black'];
  const nm = (view.names || {})[code] || code;
  if (code[0] === 'T') return [code === 'T0' ? 'Excuse' : code.slice(1), nm, 'trump'];
  const [sym, col] = suitOf[code[code.length - 1]] || ['', 'black'];
  return [code.slice(0, -1) + sym, nm, col];
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
    return `<div class="seat${turn ? ' turn' : ''}" aria-label="Seat ${i + 1}: ${esc(who)}${esc(state)}${turn ? ', to play' : ''}">` +
      `<b>${esc(who)}</b>${esc(state)}${i === view.you ? ' — you' : ''}<br>${cards} card(s)${turn ? ' · <b>to play</b>' : ''}</div>`;
  }).join('');
}
// A redraw rebuilds the buttons: keyboard focus goes back to the same button, or to the one now
// in its place (the next card of the hand after a card was played), never to the page's top.
function focusKey() {
  const a = document.activeElement, box = a && a.tagName === 'BUTTON' && a.closest('#hand, #actions, #controls');
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
    view.over ? 'The game is over.' : (o ? o.status : '');
  const trick = document.getElementById('trick'); trick.innerHTML = '';
  for (const p of (o ? o.piles : [])) if (p.role === 'trick' || p.role === 'dog') {
    const box = document.createElement('div'); box.append(p.label + ': ');
    for (let k = 0; k < p.hidden; k++) box.append(cardButton('?', null));
    for (const c of p.cards) box.append(cardButton(c, null));
    trick.append(box);
  }
  const hand = document.getElementById('hand'); hand.innerHTML = '';
  const mine = o && o.piles.find(p => p.id === 'hand:' + view.you);
  for (const c of (mine ? mine.cards : [])) hand.append(cardButton(c, acts.find(a => a.endsWith(' ' + c) && !a.startsWith('declare'))));
  const others = document.getElementById('actions'); others.innerHTML = '';
  for (const a of acts) if (!(mine && mine.cards.some(c => a.endsWith(' ' + c) && !a.startsWith('declare')))) {
    const b = document.createElement('button'); b.textContent = a; b.onclick = () => send({kind: 'move', move: a}); others.append(b);
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
    `${view.vote.proposer} proposes to end the game; agreed: ${view.vote.accepted.join(', ')} (robots do not vote).` : '';
  document.getElementById('code').textContent = view.code ? 'Invitation code for this private table: ' + view.code : '';
  document.getElementById('sheet').innerHTML = sheetHtml();
  drawOptions();
  countdown = view.seconds_left;
}
let countdown = null;
setInterval(() => {
  if (countdown == null || !view) return;
  countdown = Math.max(0, countdown - 1);
  const s = document.getElementById('clock'); s.textContent = countdown ? `Your turn: ${countdown} s left.` : '';
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
  return `<table aria-label="Score sheet">${head}${rows}${foot}</table>${s.cancelled ? '<p>Cancelled by agreement: it counts for nothing.</p>' : ''}`;
}
connect();
