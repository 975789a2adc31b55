// The class page's name box: a student types their first name once; the server binds it to this
// browser, and every lesson, drill, challenge and table opened from here records under it.  Below
// it, the student's own progress, read again whenever the page comes back into view.
(function () {
  const base = document.body.dataset.base;
  const form = document.getElementById('name-form'), shown = document.getElementById('name-shown');
  const msg = document.getElementById('name-msg');
  function xsrf() { const m = document.cookie.match(/(?:^|; )_xsrf=([^;]*)/); return m ? decodeURIComponent(m[1]) : ''; }
  function show(data) {
    if (data.teacher) { msg.textContent = "This browser is the teacher's: students name themselves on their own laptops."; return; }
    form.hidden = !!data.name;
    shown.hidden = !data.name;
    document.getElementById('my-name').textContent = data.name || '';
    if (data.freed) msg.textContent = 'Your teacher freed the name this browser had: your answers here are kept ' +
      'for no one until this browser is named again.';
    progress(data.progress || []);
  }
  // The student's own progress, lesson by lesson, as the server filed it (text nodes only).
  function progress(lines) {
    const table = document.getElementById('my-progress'), body = table.querySelector('tbody');
    body.replaceChildren(...lines.map((p) => {
      const row = document.createElement('tr');
      for (const text of [`${p.lesson} ${p.title}`, `${p.solved} / ${p.total}`, `${p.first_try}`]) {
        const cell = document.createElement('td'); cell.textContent = text; row.append(cell);
      }
      return row;
    }));
    table.hidden = !lines.length;
  }
  async function call(method, body) {
    const r = await fetch(base + 'tarot/name/api', { method, credentials: 'same-origin', body,
      headers: { 'X-XSRFToken': xsrf(), 'Content-Type': 'application/json' } });
    const data = await r.json().catch(() => ({ error: 'the server did not answer: try again' }));
    if (!r.ok) throw new Error(data.error || 'refused');
    return data;
  }
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      show(await call('POST', JSON.stringify({ name: document.getElementById('student-name').value })));
      msg.textContent = '';
    } catch (err) { msg.textContent = err.message; }
  });
  call('GET').then(show).catch((err) => { msg.textContent = err.message; });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') call('GET').then(show).catch(() => {});
  });
})();
