"""Markup a page writes into a widget never runs anywhere: on the class server a student's page
opens its own kernel's socket (as any script on the page could) and sends every widget comm of the
challenge page an ``update`` carrying ``<img src=x onerror=...>`` in its value, description and
placeholder.  The kernel takes none of it into an HTML output or a label (the page-write
allow-list), so nothing is echoed: neither that page nor another student's sets ``window.__pwned``."""

from __future__ import annotations

import re

import pytest

from tests.test_challenge import GAME, OPTIONS, SEED, ClassServer, free_port
from tarot_learn.classroom.model.challenge import ChallengeBook
from tarot_learn.classroom.model.store import ClassStore

MARKUP = '<img src=x onerror="window.__pwned=1">'

# Opens the page's own kernel socket, lists the widget comms, sends each one the markup.
SPRAY = """
async ([kernel, markup]) => {
  const session = crypto.randomUUID();
  const ws = new WebSocket(`ws://${location.host}/api/kernels/${kernel}/channels?session_id=${session}`,
                           'v1.kernel.websocket.jupyter.org');
  ws.binaryType = 'arraybuffer';
  await new Promise((ok, no) => { ws.onopen = ok; ws.onerror = no; });
  const enc = new TextEncoder(), dec = new TextDecoder();
  const pack = (channel, parts) => {          // the v1 framing: offsets, then channel and JSON parts
    const chunks = [enc.encode(channel), ...parts.map((p) => enc.encode(JSON.stringify(p)))];
    const n = chunks.length + 1, head = 8 * (1 + n), offsets = [head];
    for (const c of chunks) offsets.push(offsets[offsets.length - 1] + c.length);
    const out = new Uint8Array(offsets[offsets.length - 1]), view = new DataView(out.buffer);
    view.setBigUint64(0, BigInt(n), true);
    offsets.forEach((o, i) => view.setBigUint64(8 * (i + 1), BigInt(o), true));
    let at = head; for (const c of chunks) { out.set(c, at); at += c.length; }
    return out.buffer;
  };
  const unpack = (buf) => {
    const view = new DataView(buf), n = Number(view.getBigUint64(0, true));
    const offsets = [...Array(n).keys()].map((i) => Number(view.getBigUint64(8 * (i + 1), true)));
    const part = (i) => dec.decode(new Uint8Array(buf, offsets[i], (offsets[i + 1] || buf.byteLength) - offsets[i]));
    return {channel: part(0), header: JSON.parse(part(1)), content: JSON.parse(part(4))};
  };
  const send = (type, content) => ws.send(pack('shell', [{msg_id: crypto.randomUUID(), msg_type: type, session,
      username: 'page', version: '5.3', date: new Date().toISOString()}, {}, {}, content]));
  const comms = new Promise((ok) => { ws.onmessage = (e) => { const m = unpack(e.data);
      if (m.header.msg_type === 'comm_info_reply') ok(Object.keys(m.content.comms)); }; });
  send('comm_info_request', {target_name: 'jupyter.widget'});
  const ids = await comms;
  for (const id of ids) {
    send('comm_msg', {comm_id: id, data: {method: 'update', buffer_paths: [],
        state: {value: markup, description: markup, placeholder: markup, tooltip: markup}}});
  }
  await new Promise((r) => setTimeout(r, 3000));
  ws.close();
  return ids.length;
}
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("injection") / "class"
    ChallengeBook(ClassStore(folder)).create(GAME, OPTIONS, deal=str(SEED), minutes=60)
    s = ClassServer(folder, free_port())
    try:
        s.start()
        yield s
    finally:
        s.stop()


def challenge_page(browser, server):
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.base}?token={server.password}")
    page.goto(f"{server.base}tarot/challenge")
    page.get_by_role("button", name="Join the challenge").wait_for(timeout=120_000)
    return context, page


def test_markup_sent_to_every_widget_never_runs_on_any_page(server, browser):
    ana_context, ana = challenge_page(browser, server)
    ben_context, ben = challenge_page(browser, server)
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', ana.content()).group(1)
    sprayed = ana.evaluate(SPRAY, [kernel, MARKUP])
    assert sprayed > 20                                                 # the page's widgets were all reached
    ana.wait_for_timeout(1000)
    for page in (ana, ben):
        assert page.evaluate("() => window.__pwned") is None
        assert page.locator('img[src="x"]').count() == 0
    ana.locator(".widget-text input").first.fill("Ana")                 # the page still works as it should
    ana.get_by_role("button", name="Join the challenge").click()
    ana.locator(".tl-board[data-version]").wait_for(timeout=60_000)
    assert ana.evaluate("() => window.__pwned") is None
    ana_context.close()
    ben_context.close()
