// The server's live updates (/tarot/live): one web socket per page, a topic's state pushed when it
// changes. `lost(code)` hears a closed socket; the page connects again unless the server refused it.
function liveUpdates(topic, show, lost) {
  const root = document.body.dataset.base;
  const proto = location.protocol === 'https:' ? 'wss://' : 'ws://';
  function open() {
    const socket = new WebSocket(proto + location.host + root + 'tarot/live?topic=' + encodeURIComponent(topic));
    socket.onmessage = (ev) => show(JSON.parse(ev.data));
    socket.onclose = (ev) => {
      if (lost) lost(ev.code);
      if (ev.code !== 4003) setTimeout(open, 2000);
    };
  }
  open();
}
