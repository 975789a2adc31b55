// The teacher's challenge page: fill the options of the chosen game, post the form, show the live board,
// the deal code and past challenges, confirm before ending or freeing, open the presenter.
(() => {
  const base = document.body.dataset.base;
  const setup = JSON.parse(document.getElementById('setup').dataset.setup);
  const $ = (id) => document.getElementById(id);
  const xsrf = () => { const m = document.cookie.match(/(?:^|; )_xsrf=([^;]*)/); return m ? decodeURIComponent(m[1]) : ''; };
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  const say = (text, bad) => { $('msg').textContent = text; $('msg').className = bad ? 'error' : 'note'; };
  const clock = (s) => { s = Math.floor(s); const m = Math.floor(s / 60); return `${m}:${String(s % 60).padStart(2, '0')}`; };
  const games = Object.fromEntries(setup.games.map((g) => [g.name, g]));
  const LOST = 'The class server does not answer: is it still running?';

  for (const g of setup.games) $('game').add(new Option(g.title, g.name));   // the course's first game first
  setup.positions.forEach((title, i) => $('position').add(new Option(title, String(i))));
  $('minutes').max = setup.max_minutes;
  function options() {
    const box = $('options'); box.textContent = '';
    for (const o of games[$('game').value].options) {
      const p = document.createElement('p');
      const id = `opt-${o.name}`;
      p.innerHTML = `<label for="${id}">${esc(o.label)}</label> <select id="${id}" data-option="${esc(o.name)}"></select>`;
      const sel = p.querySelector('select');
      for (const [value, words] of o.choices) sel.add(new Option(words, value, value === o.default, value === o.default));
      box.appendChild(p);
    }
  }
  $('game').addEventListener('change', options);
  options();

  async function post(body) {
    let r;
    try {
      r = await fetch(base + 'tarot/challenge/teacher/api', { method: 'POST', credentials: 'same-origin',
        headers: { 'X-XSRFToken': xsrf(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    } catch (err) { say(LOST, true); return null; }
    const data = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
    if (!r.ok) { say(data.error || `the server answered ${r.status}`, true); return null; }
    show(data); return data;
  }
  $('new-challenge').addEventListener('submit', async (e) => {
    e.preventDefault();
    const opts = {};
    for (const sel of $('options').querySelectorAll('select')) opts[sel.dataset.option] = sel.value;
    const lo = $('line-min').value, hi = $('line-max').value;
    const lines = lo || hi ? [Number(lo || 1), Number(hi || 2000)] : null;
    say(lines ? 'Searching a deal whose solver line fits (up to about 25 s)...' : 'Starting the challenge...');
    $('start').disabled = true;
    const data = await post({ action: 'create', game: $('game').value, options: opts, deal: $('deal').value,
                              minutes: Number($('minutes').value), lines });
    $('start').disabled = false;
    if (data) say(`Started: ${data.challenge.title}.`);
  });
  $('end').addEventListener('click', async () => {
    if (!window.confirm('End the challenge now? Results are no longer taken, and every student still playing is ranked by cards home.')) return;
    if (await post({ action: 'end' })) say('The challenge is closed.');
  });
  // A name belongs to the page that joined with it; "Free" lets the student join again from another laptop.
  $('players').addEventListener('click', async (e) => {
    const b = e.target.closest('button[data-name]');
    if (!b || !window.confirm(`Free the name ${b.dataset.name}? Its page stops taking moves, and the next page to join as ${b.dataset.name} starts a fresh board.`)) return;
    if (await post({ action: 'free', name: b.dataset.name })) say(`${b.dataset.name} may join again from any page.`);
  });
  // The tab opens on the click itself (a browser lets a click open one), then goes to the presenter's address.
  async function present(body) {
    const tab = window.open('', '_blank');
    const data = await post({ action: 'present', ...body });
    if (!data) { if (tab) tab.close(); return; }
    if (tab) tab.location.href = data.present;
    $('present-link').innerHTML = `<a href="${esc(data.present)}" target="_blank" rel="noopener">Open the presenter</a>` +
      (tab ? ' (opened in a new tab)' : ' (the browser kept the new tab closed: follow this link)');
  }
  $('present-position').addEventListener('click', () => present({ source: 'position', index: Number($('position').value) }));
  $('leaderboard').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-present]');
    if (b) present({ source: 'result', name: b.dataset.present });
  });
  $('history').addEventListener('click', (e) => {
    const line = e.target.closest('button[data-line]');
    if (line) return present({ source: 'line', challenge: Number(line.dataset.line) });
    const again = e.target.closest('button[data-deal]');
    if (!again) return;
    $('deal').value = again.dataset.deal;
    if (games[again.dataset.game]) { $('game').value = again.dataset.game; options(); }
    $('line-min').value = $('line-max').value = '';
    $('deal').focus();
    say(`The deal ${again.dataset.deal} is in the form: set the time limit and start.`);
  });
  $('csv').href = base + 'tarot/challenge/teacher/results.csv';
  $('projector').href = base + 'tarot/challenge/board';

  function board(data) {
    const rows = data.leaderboard.map((e) => `<tr><td>${e.rank}</td><th scope="row">${esc(e.name)}</th>` +
      `<td>${esc(e.result)}</td><td>${e.won ? '' : e.home}</td><td>${e.moves}</td><td>${clock(e.seconds)}</td>` +
      `<td><button type="button" data-present="${esc(e.name)}">Present</button></td></tr>`).join('');
    return rows
      ? `<table class="tl-leaderboard"><caption>Leaderboard</caption><thead><tr><th scope="col">Rank</th>` +
        `<th scope="col">Name</th><th scope="col">Result</th><th scope="col">Cards home</th><th scope="col">Moves</th>` +
        `<th scope="col">Time</th><th scope="col">Presenter</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No verified result yet.</p>';
  }
  function history(data) {
    const rows = (data.history || []).map((h) => `<tr><td>${h.id}</td><td>${esc(h.title)}</td><td><code>${esc(h.deal_code)}</code></td>` +
      `<td>${h.line_moves || '-'}</td><td>${h.joined}</td><td>${h.winners}</td>` +
      `<td><button type="button" data-deal="${esc(h.deal_code)}" data-game="${esc(h.game)}">Use this deal</button>` +
      (h.line_moves ? ` <button type="button" data-line="${h.id}">Present the solver's line</button>` : '') + '</td></tr>').join('');
    return rows
      ? '<table class="tl-history"><caption>Past challenges, newest first</caption><thead><tr><th scope="col">#</th><th scope="col">Game</th><th scope="col">Deal code</th>' +
        '<th scope="col">Solver line</th><th scope="col">Joined</th><th scope="col">Won</th><th scope="col">Again</th></tr></thead>' +
        `<tbody>${rows}</tbody></table>`
      : '<p class="note">No challenge yet.</p>';
  }
  // Redraw a part only when it changed, keeping the focused button focused.
  function put(id, html, key) {
    if ($(id).innerHTML === html) return;
    const on = document.activeElement;
    const mark = on && $(id).contains(on) ? on.dataset[key] : null;
    $(id).innerHTML = html;
    const again = mark && [...$(id).querySelectorAll('button')].find((b) => b.dataset[key] === mark);
    if (again) again.focus();
  }
  function show(data) {
    const ch = data.challenge;
    const counts = data.joined === undefined ? '' : ` (${data.joined} joined, ${data.handed_in} games handed in)`;
    $('current').textContent = ch ? ch.line + counts : 'No challenge yet.';
    $('deal-code').textContent = ch && ch.deal_code
      ? `Deal code ${ch.deal_code}` + (ch.line_moves ? `, solver line ${ch.line_moves} moves` : '') +
        ': keep it to play this deal again (Past challenges, Use this deal).'
      : '';
    $('end').disabled = !ch || ch.closed;
    put('leaderboard', board(data), 'present');
    const players = (data.players || []).map((p) => `<li>${esc(p.name)} ` + (p.held
      ? `<button type="button" data-name="${esc(p.name)}">Free this name</button>` : '<span class="note">(free)</span>') +
      '</li>').join('');
    put('players', players ? `<ul>${players}</ul>` : '<p class="note">No one has joined yet.</p>', 'name');
    if (data.history) put('history', history(data), 'deal');
  }
  liveUpdates('teacher', show,
    (code) => say(code === 4003 ? 'Your teacher login has expired: reload the page.' : LOST, true),
    () => { if ($('msg').textContent === LOST) say('The class server answers again.'); });
})();
