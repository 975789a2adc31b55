// The teacher's class dashboard (data-view="teacher") and its projector view (data-view="projector"):
// both draw the `dashboard` live topic; only the teacher's page changes the roster.
(function () {
  const root = document.body.dataset.base, view = document.body.dataset.view;
  const esc = s => String(s).replace(/[&<>"']/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
  const minutes = s => Math.round(s / 60);
  const pct = x => Math.round(x * 100) + ' %';
  let last = null;

  function summary(d) {
    const s = d.summary;
    return `${s.named} of ${s.students} students named · ${s.answers} answers · ${s.solved} exercises solved`;
  }
  function cell(line, lesson) {
    const m = line.lessons[lesson.lesson];
    if (!m) return '<td class="num">–</td>';
    return `<td class="num">${m.solved}/${m.total} (${m.first_try} first) · ${minutes(m.seconds)} min</td>`;
  }
  function studentRow(line, d) {
    const others = d.students.filter(o => o.id !== line.id)
      .map(o => `<option value="${o.id}">${esc(o.name)}</option>`).join('');
    return `<tr data-id="${line.id}"><th scope="row">${esc(line.name)}${line.bound ? '' : ' <span class="note">(free)</span>'}</th>`
      + d.lessons.map(l => cell(line, l)).join('')
      + `<td class="num">${line.solved} (${line.first_try} first)</td><td class="num">${minutes(line.seconds)} min</td>`
      + `<td>${esc(line.weakest.join(', '))}</td><td>${esc(line.challenge)}</td>`
      + `<td><button type="button" data-act="rename">Rename</button><button type="button" data-act="free"${line.bound ? '' : ' disabled'}>Free</button>`
      + (others ? `<select aria-label="Merge ${esc(line.name)} into">${others}</select><button type="button" data-act="merge">Merge into</button>` : '')
      + `<button type="button" data-act="remove">Remove</button></td></tr>`;
  }
  function drawTeacher(d) {
    const head = '<tr><th scope="col">Student</th>' + d.lessons.map(l => `<th scope="col" title="${esc(l.title)}">Lesson ${esc(l.lesson)}</th>`).join('')
      + '<th scope="col">Solved</th><th scope="col">Time</th><th scope="col">Weakest drill cards</th><th scope="col">Challenge</th><th scope="col">Roster</th></tr>';
    document.querySelector('#students thead').innerHTML = head;
    document.querySelector('#students tbody').innerHTML = d.students.map(s => studentRow(s, d)).join('')
      || `<tr><td colspan="${6 + d.lessons.length}">No student yet: they type their name on the class page.</td></tr>`;
    document.querySelector('#exercises tbody').innerHTML = d.exercises.map(e =>
      `<tr data-exercise="${esc(e.id)}"><th scope="row">${esc(e.id)}</th><td>${e.solved} of ${e.tried} who tried</td><td>${pct(e.share)}</td>`
      + `<td>${e.wrong_count ? esc(e.wrong) + ` (${e.wrong_count})` : '–'}</td></tr>`).join('')
      || '<tr><td colspan="4">No answer yet.</td></tr>';
  }
  function drawProjector(d) {
    document.querySelector('#lessons tbody').innerHTML = d.lessons.map(l => {
      const lines = d.students.map(s => s.lessons[l.lesson]).filter(Boolean);
      const solved = lines.reduce((a, m) => a + m.solved, 0);
      return `<tr><th scope="row">Lesson ${esc(l.lesson)}</th><td>${esc(l.title)}</td><td>${lines.length} students · ${solved} solved</td></tr>`;
    }).join('') || '<tr><td>No answer yet.</td></tr>';
    document.querySelector('#hardest tbody').innerHTML = d.summary.hardest.map(e =>
      `<tr><th scope="row">${esc(e.id)}</th><td>${pct(e.share)} solved</td><td>${e.wrong_count ? 'often: ' + esc(e.wrong) : ''}</td></tr>`).join('')
      || '<tr><td>No answer yet.</td></tr>';
  }
  function draw(d) {
    last = d;
    document.getElementById('summary').textContent = summary(d);
    (view === 'projector' ? drawProjector : drawTeacher)(d);
  }
  function say(text, err) { const m = document.getElementById('msg'); m.textContent = text; m.className = err ? 'msg err' : 'msg'; }
  async function act(body) {
    const r = await fetch(root + 'tarot/teacher/dashboard/api', { method: 'POST', credentials: 'same-origin',
      headers: { 'X-XSRFToken': xsrf(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const data = await r.json().catch(() => ({ error: 'the server did not answer: try again' }));
    say(r.ok ? data.said : data.error, !r.ok);
  }
  function onRoster(ev) {
    const button = ev.target.closest('button[data-act]');
    if (!button || !last) return;
    const row = button.closest('tr'), id = Number(row.dataset.id), what = button.dataset.act;
    const name = last.students.find(s => s.id === id).name;
    if (what === 'rename') {
      const typed = prompt(`A new name for ${name}`, name);
      if (typed) act({ action: 'rename', id, name: typed });
    } else if (what === 'merge') {
      const into = Number(row.querySelector('select').value);
      const target = last.students.find(s => s.id === into).name;
      if (confirm(`Make ${name} part of ${target}? ${name}'s answers become ${target}'s and the name ${name} goes.`))
        act({ action: 'merge', id, into });
    } else if (what === 'free' && confirm(`Free ${name}? The next browser that types ${name} takes it.`)) {
      act({ action: 'free', id });
    } else if (what === 'remove' && confirm(`Take ${name} off the class list, with their answers?`)) {
      act({ action: 'remove', id });
    }
  }
  function setupTeacher() {
    document.getElementById('students').addEventListener('click', onRoster);
    document.getElementById('names-file').addEventListener('change', async (ev) => {
      const file = ev.target.files[0];
      if (file) document.getElementById('names').value = (await file.text()).slice(0, 40000);
    });
    document.getElementById('add-names').addEventListener('submit', (ev) => {
      ev.preventDefault();
      act({ action: 'add', names: document.getElementById('names').value });
    });
  }
  if (view === 'teacher') setupTeacher();
  liveUpdates('dashboard', draw, (code) => {
    const line = code === 4003 ? "The teacher's password is needed: reload the page." : 'The server does not answer: trying again…';
    document.getElementById('summary').textContent = line;
  });
})();
