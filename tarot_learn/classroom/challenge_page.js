// The challenge's heading and leaderboard on a student's page (the LiveBoard widget's module).
// The class server pushes them over its live socket (/tarot/live?topic=challenge) whenever they
// change: names, moves and times only, never a result code.  The kernel is not asked, and the
// page sends nothing to it.

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

function clock(seconds) {
  const s = Math.floor(seconds), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

function leaderboard(rows) {
  if (!rows.length) return '<p class="tl-leaderboard-empty">Leaderboard: no verified result yet.</p>';
  const body = rows.map((e) => `<tr><td>${e.rank}</td><th scope="row">${esc(e.name)}</th>` +
    `<td>${esc(e.result || (e.won ? 'won' : 'no move left'))}</td><td>${e.moves}</td><td>${clock(e.seconds)}</td></tr>`).join('');
  return '<table class="tl-leaderboard"><caption>Leaderboard</caption><thead><tr><th scope="col">Rank</th>' +
    '<th scope="col">Name</th><th scope="col">Result</th><th scope="col">Moves</th><th scope="col">Time</th>' +
    `</tr></thead><tbody>${body}</tbody></table>`;
}

function render({ model, el }) {
  const root = location.pathname.split('voila/render/')[0] || '/';
  const proto = location.protocol === 'https:' ? 'wss://' : 'ws://';
  let socket = null, last = null, gone = false, shown = '';
  function heading() {
    if (!last) return '<h2>Class challenge</h2><p class="tl-challenge-note">Waiting for the class server...</p>';
    if (!last.challenge) return '<h2>Class challenge</h2><p class="tl-challenge-note">No challenge yet: your teacher will start one.</p>';
    const playing = model.get('playing'), ch = last.challenge;
    const newer = playing && ch.id !== playing
      ? '<p class="tl-challenge-refused">Your teacher started a new challenge: reload the page to play it.</p>' : '';
    const closed = ch.closed && (!playing || ch.id === playing)
      ? '<p class="tl-challenge-refused">This challenge is closed: results are no longer taken. Wait for your teacher\'s next one.</p>' : '';
    return `<h2>${esc(ch.line)}</h2>${newer}${closed}`;
  }
  function draw() {
    const html = model.get('part') === 'leaderboard' ? (last && last.challenge ? leaderboard(last.leaderboard) : '')
      : heading();
    if (html !== shown) { shown = html; el.innerHTML = html; }   // an unchanged board keeps the page as it is
  }
  function open() {
    socket = new WebSocket(proto + location.host + root + 'tarot/live?topic=challenge');
    socket.onmessage = (ev) => { last = JSON.parse(ev.data); draw(); };
    socket.onclose = () => { if (!gone) setTimeout(open, 2000); };
  }
  model.on('change:playing', draw);
  draw();
  open();
  return () => { gone = true; if (socket) socket.close(); };
}

export default { render };
