// The chat panel of a shared table page (templates/chat_panel.html). The table page's socket carries
// it: table.js hands every message to chatReceive first, and chat.js sends with table.js's send().
// Every line and name is shown with textContent: a message is text, never markup.
const BADGE_WORDS = {contract: 'first contract made', chelem: 'first chelem', petit_au_bout: 'petit au bout',
  ten_games: 'ten games played'};
function chatLine(line) {
  const li = document.createElement('li'), who = document.createElement('b');
  who.textContent = line.name + ': ';
  li.append(who, document.createTextNode(line.text));
  return li;
}
function chatSeats(social, seats) {
  const box = document.getElementById('chat-seats'), standing = social.standing || {};
  const names = (seats || []).map(s => s.name).filter(n => n);
  box.textContent = names.map(n => {
    const s = standing[n];
    return s ? `${n} (level ${s.level}${s.badges.length ? ': ' + s.badges.map(b => BADGE_WORDS[b] || b).join(', ') : ''})` : n;
  }).join(' · ');
  document.getElementById('chat-one-person').textContent = social.shared_seats ?
    'One browser holds two seats at this table: its games score no points and no chips for anyone.' : '';
  chatSwitch(social.chat);
}
function chatSwitch(on) {
  const form = document.getElementById('chat-form');
  for (const el of form.querySelectorAll('input, button')) el.disabled = !on;
  if (!on) document.getElementById('chat-note').textContent = 'The chat is off in this class.';
  else if (document.getElementById('chat-note').textContent === 'The chat is off in this class.') document.getElementById('chat-note').textContent = '';
}
// Returns true when the message was the chat's alone; a table view is only looked at (and drawn by table.js).
function chatReceive(data) {
  if (data.social) { chatSeats(data.social, data.seats); return false; }
  if (!data.chat) return false;
  const c = data.chat, list = document.getElementById('chat-lines');
  if (c.error) { const n = document.getElementById('chat-note'); n.textContent = c.error; n.className = 'err'; return true; }
  if ('on' in c) { list.textContent = ''; chatSwitch(c.on); }
  for (const line of c.lines || []) list.append(chatLine(line));
  while (list.children.length > 50) list.firstChild.remove();
  return true;
}
document.getElementById('chat-form').addEventListener('submit', ev => {
  ev.preventDefault();
  const box = document.getElementById('chat-text'), text = box.value.trim();
  if (!text) return;
  const note = document.getElementById('chat-note'); note.textContent = ''; note.className = '';
  send({kind: 'chat', text}); box.value = '';
});
