// The leaderboard for the projector: the challenge and its ranking, pushed live, nothing to press.
(() => {
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  const clock = (s) => { s = Math.floor(s); const m = Math.floor(s / 60); return `${m}:${String(s % 60).padStart(2, '0')}`; };
  function show(data) {
    const ch = data.challenge;
    $('line').textContent = ch ? ch.line : 'No challenge yet.';
    const rows = (data.leaderboard || []).map((e) => `<tr><td>${e.rank}</td><th scope="row">${esc(e.name)}</th>` +
      `<td>${esc(e.result)}</td><td>${e.won ? '' : e.home}</td><td>${e.moves}</td><td>${clock(e.seconds)}</td></tr>`).join('');
    $('board').innerHTML = rows
      ? '<table><thead><tr><th scope="col">#</th><th scope="col">Name</th><th scope="col">Result</th>' +
        `<th scope="col">Cards home</th><th scope="col">Moves</th><th scope="col">Time</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No verified result yet.</p>';
  }
  liveUpdates('challenge', show, () => { $('lost').textContent = 'The class server does not answer: this board comes back when it does.'; },
              () => { $('lost').textContent = ''; });
})();
