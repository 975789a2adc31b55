const base = document.body.dataset.base;
const esc = s => String(s).replace(/[&<>"']/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
function xsrf() { const m = document.cookie.match(/(?:^|; )_xsrf=([^;]*)/); return m ? decodeURIComponent(m[1]) : ''; }
function say(text, err) { const m = document.getElementById('msg'); m.textContent = text; m.className = err ? 'msg err' : 'msg'; }
