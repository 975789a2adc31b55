// BrowserKey (anywidget ESM): hands the kernel this browser's key for the page, kept in localStorage
// by resumeToken (common.js), once, when drawn.  It shows nothing.  The key is 32 hex digits and
// proves only "the same browser as before"; Python checks its form.

function render({ model, el }) {
  el.hidden = true;
  const key = resumeToken("page", 0);
  if (key) model.send({ event: "key", key });
  return () => {};
}

export default { render };
