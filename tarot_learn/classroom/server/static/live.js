// The server's live updates (/tarot/live): one web socket per page, a topic's state pushed when it
// changes. `lost(code)` hears a closed socket; the page connects again unless the server refused it,
// and `back()` hears that it is connected again (so a page can take back its "server does not answer").
function liveUpdates(topic, show, lost, back) {
  const root = document.body.dataset.base;
  const proto = location.protocol === 'https:' ? 'wss://' : 'ws://';
  let down = false;
  function open() {
    const socket = new WebSocket(proto + location.host + root + 'tarot/live?topic=' + encodeURIComponent(topic));
    socket.onmessage = (ev) => {
      if (down) { down = false; if (back) back(); }
      show(JSON.parse(ev.data));
    };
    socket.onclose = (ev) => {
      down = true;
      if (lost) lost(ev.code);
      if (ev.code !== 4003) setTimeout(open, 2000);
    };
  }
  open();
}
