// The lobby: sit at an open table, join a private one by its code, create one, close your own.
// A seat belongs to this browser (the server knows it by the browser's identity): a table's address
// carries no name and no code, so it can be shared without sharing a seat.
const nameBox = document.getElementById('name');
nameBox.value = localStorage.getItem('tarot-name') || '';
nameBox.addEventListener('change', () => localStorage.setItem('tarot-name', nameBox.value.trim()));
// A browser the class list names plays under that name: the box shows it and takes no other (the
// server seats this browser under its roster name whatever a page sends).
fetch(base + 'tarot/name/api').then((r) => (r.ok ? r.json() : null)).then((data) => {
  if (!data || !data.name) return;
  nameBox.value = data.name;
  nameBox.readOnly = true;
  nameBox.title = 'Your name in this class (your teacher can change it)';
}).catch(() => {});
function myName() {
  const name = nameBox.value.trim();
  if (!name) { say('Write your name first.', true); nameBox.focus(); return null; }
  localStorage.setItem('tarot-name', name);
  return name;
}
async function post(url, body) {
  const r = await fetch(base + url, { method: 'POST', headers: { 'X-XSRFToken': xsrf(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  if (!r.ok) { say(data.error || data.message || `the server answered ${r.status}`, true); return null; }
  return data;
}
// The table page finds its seat by this browser; the name it sat under is kept for that table only.
function goToTable(id, name, key) {
  localStorage.setItem('tarot-seat-' + id, name);
  if (key) localStorage.setItem('tarot-key-' + id + '-' + name, key);
  location.href = base + 'tarot/tables/' + id;
}
async function sit(body) {
  const name = myName(); if (!name) return;
  const data = await post('tarot/tables/api/join', { ...body, name });
  if (data) goToTable(data.id, data.name, data.key);
}
function row(t) {
  const li = document.createElement('li'), b = document.createElement('b');
  b.textContent = `${t.master}'s table`;
  li.append(b, `, ${t.players} players, ${t.rounds} round(s)${t.competitive ? ', competitive' : ''}${t.private ? ', private' : ''}: ` +
    `${t.seated.join(', ')} ${t.started ? '(playing)' : ''} `);
  return li;
}
function button(text, action) { const b = document.createElement('button'); b.type = 'button'; b.textContent = text; b.onclick = action; return b; }
function showTables(data) {
  const list = document.getElementById('tables'); list.textContent = '';
  if (!data.tables.length) list.append(Object.assign(document.createElement('li'), { textContent: 'No open table yet: create one.' }));
  for (const t of data.tables) {
    const li = row(t);
    if (!t.started) li.append(button('Sit', () => sit({ id: t.id })));
    if (t.spectators) { const a = document.createElement('a'); a.href = base + 'tarot/tables/' + t.id; a.textContent = 'Watch'; li.append(' ', a); }
    list.append(li);
  }
  showMine();
}
// This browser's own tables (private ones are listed to their seated players only), each with a way
// back to its seat and, for its master, a Close button.
async function showMine() {
  const r = await fetch(base + 'tarot/tables/api'); if (!r.ok) return;
  const list = document.getElementById('mine'); list.textContent = '';
  const mine = (await r.json()).mine || [];
  if (!mine.length) list.append(Object.assign(document.createElement('li'), { textContent: 'You sit at no table yet.' }));
  for (const t of mine) {
    const li = row(t);
    li.append(button('Back to my seat', () => goToTable(t.id, t.yours[0])));
    if (t.is_master) li.append(' ', button('Close table', async () => {
      if (await post('tarot/tables/api/close', { id: t.id, key: '' })) { say(`${t.master}'s table is closed.`); showMine(); }
    }));
    list.append(li);
  }
}
document.getElementById('create').addEventListener('submit', async ev => {
  ev.preventDefault();
  const f = ev.target, name = myName(); if (!name) return;
  const secs = parseInt(f.seconds.value, 10);
  const options = { players: parseInt(f.players.value, 10), seconds_per_turn: secs > 0 ? secs : null,
    rounds: parseInt(f.rounds.value, 10), competitive: f.competitive.checked, bet: parseInt(f.bet.value, 10),
    private: f.private.checked, spectators: f.spectators.checked, hold_seconds: parseInt(f.hold.value, 10),
    robots: f.robots.value };
  const data = await post('tarot/tables/api', { name, options });
  if (data) goToTable(data.id, data.name || name, data.key);
});
document.getElementById('join').addEventListener('submit', ev => {
  ev.preventDefault(); sit({ code: ev.target.code.value.trim() });
});
liveUpdates('lobby', showTables, () => say('Connection lost: the list of tables comes back when the server answers.', true));
