// Shared by the patience board and the French Tarot table (put in front of each one's ESM by
// Python, since anywidget takes a single module): card pictures as object URLs, the heartbeat,
// and the resume token.

const LOST = "Connection lost: reload to resume.";

// Pictures arrive once as PNG bytes (DataView or Uint8Array); each becomes an object URL.
function pictureUrls(model, old) {
  for (const url of Object.values(old || {})) URL.revokeObjectURL(url);
  const urls = {};
  for (const [code, data] of Object.entries(model.get("images") || {})) {
    const bytes = data instanceof DataView ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data;
    urls[code] = URL.createObjectURL(new Blob([bytes], { type: "image/png" }));
  }
  return urls;
}

// Python answers every ping with a pong; three periods without one mean the kernel (or the
// server) has gone, and setLost(true) lets the page say so rather than sit dead.  The period is
// the model's "heartbeat" (0: none).  Returns the function that stops it.
function startHeartbeat(model, send, setLost) {
  let beat = null;
  let lastPong = performance.now();
  let n = 0;
  const onMsg = (msg) => {
    if (msg && typeof msg.pong === "number") { lastPong = performance.now(); setLost(false); }
  };
  function start() {
    if (beat) clearInterval(beat);
    const every = Number(model.get("heartbeat")) || 0;
    if (!every) return;
    lastPong = performance.now();
    beat = setInterval(() => {
      if (performance.now() - lastPong > 3 * every * 1000) setLost(true);
      try { send({ event: "ping", n: n++ % 2147483647 }); } catch (err) { setLost(true); }
    }, every * 1000);
  }
  model.on("change:heartbeat", start);
  model.on("msg:custom", onMsg);
  start();
  return () => {
    if (beat) clearInterval(beat);
    model.off("change:heartbeat", start);
    model.off("msg:custom", onMsg);
  };
}

// A random resume token kept in localStorage, one per page address, kind ("" a board, "table")
// and place on the page.  It is a key to the kernel's autosave, never data: Python checks its form.
function resumeToken(kind, slot) {
  const key = `tarot_learn.resume${kind ? "." + kind : ""}:${location.pathname}:${slot}`;
  try {
    let token = localStorage.getItem(key);
    if (!/^[0-9a-f]{32}$/.test(token || "")) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem(key, token);
    }
    return token;
  } catch (err) {
    return null;                       // no storage (a private window): no resume, play goes on
  }
}
