// The teacher's challenge page: fill the options of the chosen game, post the form, show the live board.
(() => {
  const base = document.body.dataset.base;
  const setup = JSON.parse(document.getElementById('setup').dataset.setup);
  const $ = (id) => document.getElementById(id);
  const xsrf = () => { const m = document.cookie.match(/(?:^|; )_xsrf=([^;]*)/); return m ? decodeURIComponent(m[1]) : ''; };
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  const say = (text, bad) => { $('msg').textContent = text; $('msg').className = bad ? 'error' : 'note'; };
  const clock = (s) => { s = Math.floor(s); const m = Math.floor(s / 60); return `${m}:${String(s % 60).padStart(2, '0')}`; };

  for (const [name, g] of Object.entries(setup.games)) $('game').add(new Option(g.title, name));
  $('minutes').max = setup.max_minutes;
  function options() {
    const box = $('options'); box.textContent = '';
    for (const o of setup.games[$('game').value].options) {
      const p = document.createElement('p');
      const id = `opt-${o.name}`;
      p.innerHTML = `<label for="${id}">${esc(o.name.replace(/_/g, ' '))}</label> <select id="${id}" data-option="${esc(o.name)}" title="${esc(o.help)}"></select>`;
      const sel = p.querySelector('select');
      for (const c of o.choices) sel.add(new Option(c.replace(/_/g, ' '), c, c === o.default, c === o.default));
      box.appendChild(p);
    }
  }
  $('game').addEventListener('change', options);
  options();

  async function post(body) {
    const r = await fetch(base + 'tarot/challenge/teacher/api', { method: 'POST', credentials: 'same-origin',
      headers: { 'X-XSRFToken': xsrf(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const data = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
    if (!r.ok) { say(data.error || `the server answered ${r.status}`, true); return null; }
    show(data); return data;
  }
  $('new-challenge').addEventListener('submit', async (e) => {
    e.preventDefault();
    const opts = {};
    for (const sel of $('options').querySelectorAll('select')) opts[sel.dataset.option] = sel.value;
    say('Starting the challenge...');
    const data = await post({ action: 'create', game: $('game').value, options: opts, deal: $('deal').value,
                              minutes: Number($('minutes').value) });
    if (data) say(`Started: ${data.challenge.title}.`);
  });
  $('end').addEventListener('click', async () => { if (await post({ action: 'end' })) say('The challenge is closed.'); });
  // A name belongs to the page that joined with it; "Free" lets the student join again from another laptop.
  $('players').addEventListener('click', async (e) => {
    const b = e.target.closest('button[data-name]');
    if (b && await post({ action: 'free', name: b.dataset.name })) say(`${b.dataset.name} may join again from any page.`);
  });
  $('csv').href = base + 'tarot/challenge/teacher/results.csv';

  function show(data) {
    const ch = data.challenge;
    const counts = data.joined === undefined ? '' : ` (${data.joined} joined, ${data.handed_in} games handed in)`;
    $('current').textContent = ch ? ch.line + counts : 'No challenge yet.';
    $('end').disabled = !ch || ch.seconds_left <= 0;
    const rows = data.leaderboard.map((e) => `<tr><td>${e.rank}</td><th scope="row">${esc(e.name)}</th>` +
      `<td>${e.won ? 'won' : 'unfinished'}</td><td>${e.moves}</td><td>${clock(e.seconds)}</td></tr>`).join('');
    $('leaderboard').innerHTML = rows
      ? `<table class="tl-leaderboard"><caption>Leaderboard</caption><thead><tr><th scope="col">Rank</th>` +
        `<th scope="col">Name</th><th scope="col">Result</th><th scope="col">Moves</th><th scope="col">Time</th>` +
        `</tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No verified result yet.</p>';
    const players = (data.players || []).map((p) => `<li>${esc(p.name)} ` + (p.held
      ? `<button type="button" data-name="${esc(p.name)}">Free this name</button>` : '<span class="note">(free)</span>') +
      '</li>').join('');
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.name : null;
    const html = players ? `<ul>${players}</ul>` : '<p class="note">No one has joined yet.</p>';
    if ($('players').innerHTML !== html) {
      $('players').innerHTML = html;
      const again = focused && [...$('players').querySelectorAll('button[data-name]')].find((b) => b.dataset.name === focused);
      if (again) again.focus();
    }
  }
  liveUpdates('teacher', show, (code) => say(code === 4003 ? 'Your teacher login has expired: reload the page.'
                                                          : 'The class server does not answer: is it still running?', true));
})();
