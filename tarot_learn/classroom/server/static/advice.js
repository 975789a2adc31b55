// The Advice button at a shared table (a class server started with --table-advice): on this seat's
// own turn it asks, over the table's socket, for the strong robot's card, king call or discard with
// each choice's expected score and why.  The server works it out from this seat's observation only
// and answers this page only; the answer is shown as text, never as markup.
(() => {
  const box = document.createElement('p'), button = document.createElement('button'), answer = document.createElement('span');
  box.id = 'advice'; box.setAttribute('role', 'status'); box.setAttribute('aria-live', 'polite');
  button.type = 'button'; button.className = 'advice'; button.textContent = 'Advice';
  button.title = 'the card, king call or discard a strong player would choose on your turn, and why';
  box.append(button, ' ', answer);
  (document.getElementById('actions') || document.body).after(box);
  let hooked = null, moves = null;
  function hook() {      // the page's table socket (table.js's `socket`), once per connection
    if (typeof socket === 'undefined' || !socket || socket === hooked) return;
    hooked = socket;
    hooked.addEventListener('message', ev => {
      let data; try { data = JSON.parse(ev.data); } catch (e) { return; }
      if (data.advice) { answer.textContent = data.advice.text; button.disabled = false; return; }
      if (data.error) { button.disabled = false; if (answer.textContent === 'Thinking…') answer.textContent = ''; return; }
      if ('moves' in data && data.moves !== moves) { moves = data.moves; answer.textContent = ''; }
    });
  }
  button.addEventListener('click', () => {
    hook();
    if (!hooked || hooked.readyState !== 1) return;
    answer.textContent = 'Thinking…'; button.disabled = true;
    hooked.send(JSON.stringify({kind: 'advice'}));
  });
})();
