// The teacher's shared tables page: every table (with a Close button), every table's chat, and the
// class's switches. Names and chat lines are set with textContent only.
(() => {
  const api = base + 'tarot/tables/teacher/api', $ = id => document.getElementById(id);
  const el = (tag, text) => { const e = document.createElement(tag); if (text != null) e.textContent = text; return e; };
  async function post(url, body) {
    const r = await fetch(url, {method: 'POST', headers: {'X-XSRFToken': xsrf(), 'Content-Type': 'application/json'}, body: JSON.stringify(body)});
    const data = await r.json().catch(() => ({error: `the server answered ${r.status}`}));
    if (!r.ok) say(data.error || `the server answered ${r.status}`, true);
    return r.ok ? data : null;
  }
  function showTables(tables) {
    const list = el('ul'); $('tables').replaceChildren(list);
    if (!tables.length) list.append(el('li', 'No table yet.'));
    for (const t of tables) {
      const li = el('li', `${t.master}'s table (${t.id})${t.private ? ', private, code ' + t.code : ''}: ${t.seated.join(', ')}` +
        `${t.over ? ' — finished' : t.started ? ' — playing' : ' — waiting'}${t.shared_seats ? ' — one browser holds two seats: no points' : ''} `);
      const b = el('button', 'Close table'); b.type = 'button';
      b.onclick = async () => { if (await post(base + 'tarot/tables/api/close', {id: t.id, key: ''})) { say(`${t.master}'s table is closed.`); load(); } };
      li.append(b); list.append(li);
    }
  }
  function showChats(chats) {
    const box = $('chats'); box.replaceChildren();
    if (!chats.length) box.append(el('p', 'No one has written yet.'));
    for (const c of chats) {
      box.append(el('h3', 'Table ' + c.table));
      const ol = el('ol');
      for (const line of c.lines) { const li = el('li'); li.append(el('b', line.name + ': '), document.createTextNode(line.text)); ol.append(li); }
      box.append(ol);
    }
  }
  async function load() {
    const r = await fetch(api); if (!r.ok) { say('The teacher password is needed: reload the page.', true); return; }
    const data = await r.json();
    $('chat-on').checked = data.chat; $('points-on').checked = data.points;
    showTables(data.tables); showChats(data.chats);
  }
  for (const [id, sw] of [['chat-on', 'chat'], ['points-on', 'points']]) {
    $(id).addEventListener('change', async ev => {
      if (await post(api, {switch: sw, on: ev.target.checked})) say(`${sw === 'chat' ? 'Chat' : 'Points'} ${ev.target.checked ? 'on' : 'off'} for the class.`);
    });
  }
  load(); setInterval(load, 5000);
})();
