const nameBox = document.getElementById('name');
nameBox.value = localStorage.getItem('tarot-name') || '';
nameBox.addEventListener('change', () => localStorage.setItem('tarot-name', nameBox.value.trim()));
function go(id, code) {
  const name = nameBox.value.trim();
  if (!name) { say('Write your name first.', true); nameBox.focus(); return; }
  localStorage.setItem('tarot-name', name);
  location.href = base + 'tarot/tables/' + id + '?name=' + encodeURIComponent(name) + (code ? '&code=' + encodeURIComponent(code) : '');
}
function showTables(data) {
  const list = document.getElementById('tables');
  list.innerHTML = data.tables.length ? '' : '<li>No open table yet: create one.</li>';
  for (const t of data.tables) {
    const li = document.createElement('li');
    li.innerHTML = `<b>${esc(t.master)}'s table</b>, ${t.players} players, ${t.rounds} round(s)${t.competitive ? ', competitive' : ''}: ` +
      `${esc(t.seated.join(', '))} ${t.started ? '(playing)' : ''} `;
    if (!t.started) { const b = document.createElement('button'); b.textContent = 'Sit'; b.onclick = () => go(t.id); li.append(b); }
    if (t.spectators) { const a = document.createElement('a'); a.href = base + 'tarot/tables/' + t.id; a.textContent = 'Watch'; li.append(' ', a); }
    list.append(li);
  }
}
document.getElementById('create').addEventListener('submit', async ev => {
  ev.preventDefault();
  const f = ev.target, name = nameBox.value.trim();
  if (!name) { say('Write your name first.', true); nameBox.focus(); return; }
  const secs = parseInt(f.seconds.value, 10);
  const options = { players: parseInt(f.players.value, 10), seconds_per_turn: secs > 0 ? secs : null,
    rounds: parseInt(f.rounds.value, 10), competitive: f.competitive.checked, bet: parseInt(f.bet.value, 10),
    private: f.private.checked, spectators: f.spectators.checked, hold_seconds: parseInt(f.hold.value, 10),
    robots: f.robots.value };
  const r = await fetch(base + 'tarot/tables/api', { method: 'POST', headers: { 'X-XSRFToken': xsrf(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, options }) });
  const data = await r.json();
  if (!r.ok) { say(data.error || data.message || 'The table could not be created.', true); return; }
  localStorage.setItem('tarot-name', name);
  localStorage.setItem('tarot-key-' + data.id + '-' + name, data.key);
  go(data.id, data.code);
});
document.getElementById('join').addEventListener('submit', ev => {
  ev.preventDefault(); const f = ev.target; go(f.table.value.trim(), f.code.value.trim());
});
liveUpdates('lobby', showTables, () => say('Connection lost: the list of tables comes back when the server answers.', true));
