"""The service worker's guarantees (docs/sw.js, manifest from macros/hooks/security.py).

Each browser test opens its own browser context (its own service worker and CacheStorage)
against its own small server over the session's build, which counts requests and can answer
some paths differently (a changed page, a corrupted runtime file, a neighbour's file, the
same site under two folders of one origin).
"""

from __future__ import annotations

import collections
import hashlib
import http.server
import json
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

import calc
from tests.browser import READY_TIMEOUT_MS, wait_for_result
from tests.support import Handler, Server, free_port
from tests.offline_files import manifest, manifest_of

SW_TIMEOUT_MS = 30_000

# Every CacheStorage entry of the origin: cache names, URLs and their bodies' bytes.
CACHED = """async () => {
  const out = { names: await caches.keys(), urls: [], bytes: 0 };
  for (const name of out.names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      out.urls.push(request.url);
      out.bytes += body.byteLength;
    }
  }
  const estimate = await navigator.storage.estimate();
  out.usage = estimate.usage;
  return out;
}"""

CONTROLLED = "() => navigator.serviceWorker.controller !== null"


def wait_until_kept(page: Any, parts: list[str]) -> list[str]:
    """Wait until the service worker has kept a copy of a URL with each of `parts` (it stores
    them after answering); then every URL kept."""
    page.wait_for_function(f"(parts) => ({CACHED})().then((c) => parts.every((p) => c.urls.some((u) => u.includes(p))))",
                           arg=parts, timeout=SW_TIMEOUT_MS)
    return page.evaluate(CACHED)["urls"]


class Site:
    """A server over the built site: `/` (and `/<mount>/` for each mount) serve the build;
    `overrides` answers a path with (status, bytes); `hits` counts GETs per path."""

    def __init__(self, directory: Path, mounts: tuple[str, ...] = ()) -> None:
        self.directory = directory
        self.mounts = mounts
        self.overrides: dict[str, tuple[int, bytes]] = {}
        self.hits: collections.Counter[str] = collections.Counter()
        self.lock = threading.Lock()
        site = self

        class CountingHandler(Handler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                path = self.path.split("?")[0]
                with site.lock:
                    site.hits[path] += 1
                if path in site.overrides:
                    status, body = site.overrides[path]
                    self.send_response(status)
                    self.send_header("Content-Type", self.guess_type(path + "index.html" if path.endswith("/") else path))
                    self.send_header("Content-Length", str(len(body)))
                    self.send_header("Cache-Control", "no-store")
                    self.end_headers()
                    self.wfile.write(body)
                    return
                for mount in site.mounts:
                    if self.path.startswith(f"/{mount}/"):
                        self.path = self.path[len(mount) + 1 :]
                super().do_GET()

        self.port = free_port()
        self.server = Server(("127.0.0.1", self.port), lambda *a: CountingHandler(*a, directory=str(directory)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.port}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture()
def site(site_dir: Path) -> Iterator[Site]:
    server = Site(site_dir, mounts=("a", "b"))
    yield server
    server.close()


@pytest.fixture()
def fresh(browser: Any) -> Iterator[Any]:
    """A browser context of its own: no service worker, no cache, as a reader's first visit."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740})
    yield ctx
    ctx.close()


def first_visit(ctx: Any, url: str) -> Any:
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    return page


# ------------------------------------------------------------------------------ build (no browser)
def test_the_manifest_lists_runtime_files_with_their_sha256(site_dir: Path) -> None:
    data = manifest(site_dir)
    runtime = json.loads((site_dir / "assets" / "pyodide" / "runtime.json").read_text())
    names = {p.removeprefix("assets/pyodide/") for p, _ in data["runtime"]}
    assert runtime["wheel"] in names
    assert {p for p in names if p.endswith(".wasm")}, "the wasm is a runtime file"
    if runtime.get("snapshot"):
        assert runtime["snapshot"] in names
    for path, sha in data["runtime"]:
        assert sha == hashlib.sha256((site_dir / path).read_bytes()).hexdigest(), path
        # a file shipped beside its own gzip (the wasm) is served when asked but not kept twice
        twin = (site_dir / (path + ".gz")).is_file()
        assert data["sizes"].get(path) == (None if twin else (site_dir / path).stat().st_size), path
    assert runtime["core"] + "pyodide.asm.wasm" in names and "assets/pyodide/" + runtime["wasm_gz"] in data["sizes"]


def test_the_manifest_leaves_out_cards_maps_and_feeds(site_dir: Path) -> None:
    data = manifest(site_dir)
    urls = data["core"] + data["pages"] + [p for p, _ in data["runtime"]]
    assert (site_dir / "assets" / "cards").is_dir(), "the social cards moved: check _cards_folder"
    assert not [u for u in urls if u.startswith("assets/cards/")]
    assert not [u for u in urls if u.endswith((".map", ".xml", ".xml.gz")) or u in ("sw.js", "404.html")]
    assert not [u for u in data["core"] if u.endswith(".png") or "pyodide" in u]


def test_what_a_first_visit_keeps_is_small(site_dir: Path) -> None:
    data = manifest(site_dir)
    core = sum(data["sizes"][u] for u in data["core"])
    biggest_page = max(data["sizes"][u] for u in data["pages"] if u.endswith("/") or u == "")
    print(f"\ncore kept at install: {core} bytes; largest page {biggest_page} bytes")
    assert core + biggest_page <= 1_500_000


def test_the_control_shows_the_size_of_the_offline_copy(site_dir: Path) -> None:
    data = manifest(site_dir)
    total = sum(data["sizes"].values())
    shown = f"Keep the Codex on this device for offline use: {total / 1e6:.1f} MB"
    for page in ("index.html", "rk/basics/index.html", "glossary/index.html"):
        html = (site_dir / page).read_text(encoding="utf-8")
        assert html.count(shown) == 1, page
        assert "@@codex-offline-size@@" not in html
    # and every size in the manifest is the file's (pages included, after the size was written in)
    for url, size in data["sizes"].items():
        path = site_dir / url / "index.html" if url.endswith("/") or url == "" else site_dir / url
        assert path.stat().st_size == size, url


def test_the_offline_page_is_built_with_links_from_the_root(site_dir: Path) -> None:
    html = (site_dir / "offline.html").read_text(encoding="utf-8")
    assert "You are offline" in html
    assert 'href="/assets/css/codex.css"' in html  # served at any address, its links still resolve
    assert "offline.html" in manifest(site_dir)["core"]


def test_the_offline_page_offers_no_download(site_dir: Path) -> None:
    """Issue 50 item 5: shown with no connection, the offline page offers only what works offline:
    not the "Keep the Codex" button, whose download (18 MB) it cannot make; every other page has it."""
    assert "data-offline-keep" not in (site_dir / "offline.html").read_text(encoding="utf-8")
    assert "data-offline-keep" in (site_dir / "404.html").read_text(encoding="utf-8")
    assert "data-offline-keep" in (site_dir / "sun" / "rules" / "index.html").read_text(encoding="utf-8")


# ------------------------------------------------------------------------------ install, under Node
def install(site_dir: Path, **scenario: Any) -> dict[str, Any]:
    """What the built sw.js fetches and keeps on install (tests/sw_harness.mjs: stand-ins for the
    browser's CacheStorage and clients, files from the build, navigator.connection.saveData)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is needed to run the service worker outside a browser")
    done = subprocess.run([node, str(Path(__file__).with_name("sw_harness.mjs")), str(site_dir), json.dumps(scenario)],
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


def test_install_keeps_the_core_and_the_open_pages_only(site_dir: Path) -> None:
    data = manifest(site_dir)
    ran = install(site_dir, open=["sun/rules/?calc=sun-check&bonus=3"])
    root = "https://codex.test/"
    assert ran["failed"] is None
    assert set(ran["fetched"]) == {root + u for u in data["core"]} | {root + "sun/rules/"}
    assert list(ran["kept"]) == [f"codex:/:{data['version']}"]


@pytest.mark.parametrize("kept", [False, True], ids=["first-files", "offline-download"])
def test_a_redirected_answer_is_never_kept(site_dir: Path, kept: bool) -> None:
    """A page that came through a redirect is not stored under the address asked: neither among
    install's first files nor by the offline copy's download (the page's own fetches already
    refuse it); like any failed install, nothing of the new version is left."""
    data = manifest(site_dir)
    pages = [u for u in data["sizes"] if u.endswith("/") or u.endswith(".html")]
    page = next(u for u in pages if (u in data["core"]) != kept)   # a first file, or one only the download gets
    ran = install(site_dir, kept=kept, redirected=[page])
    assert ran["failed"] and "redirected" in ran["failed"], ran["failed"]
    assert f"codex:/:{data['version']}" not in ran["kept"]
    assert install(site_dir, kept=kept)["failed"] is None   # the control: without the redirect it installs


def test_a_failed_install_leaves_no_cache(site_dir: Path) -> None:
    """One of the first files answers 500: the install fails and deletes the cache it had opened.
    (In Chromium the failed first install's storage disappears with its registration whatever the
    worker does, so only the worker run on its own shows that it cleans up after itself.)"""
    data = manifest(site_dir)
    ran = install(site_dir, broken=["search/search_index.json"])
    assert ran["failed"] and "HTTP 500" in ran["failed"], ran["failed"]
    assert ran["kept"] == {}
    assert "search/search_index.json" in data["core"]


def test_saving_data_nothing_large_is_fetched_on_install(site_dir: Path) -> None:
    """navigator.connection.saveData: the offline page and the pages open, nothing else, even
    for a reader who kept the Codex before (the update waits for their button)."""
    ran = install(site_dir, saveData=True, open=["sun/rules/"], kept=True)
    root = "https://codex.test/"
    assert ran["failed"] is None
    assert sorted(ran["fetched"]) == [root + "offline.html", root + "sun/rules/"]
    new = next(v for k, v in ran["kept"].items() if k.endswith(manifest(site_dir)["version"]))
    assert root + "__codex/offline-copy" in new, "the reader's choice carries over to the new version"


def test_a_kept_codex_is_downloaded_again_by_the_next_version(site_dir: Path) -> None:
    data = manifest(site_dir)
    ran = install(site_dir, kept=True)
    root = "https://codex.test/"
    assert ran["failed"] is None
    everything = {root + u for u in data["sizes"]}
    assert set(ran["fetched"]) == everything
    new = ran["kept"][f"codex:/:{data['version']}"]
    assert len(new) == len(everything) + 1  # and the marker


def test_across_a_runtime_change_only_unchanged_files_carry_over(site_dir: Path) -> None:
    """A new build: a runtime file kept under its current sha256 moves to the new version's cache
    without a download; one kept under another sha256 (an older Pyodide) does not; the old
    version's cache is deleted on activation."""
    data = manifest(site_dir)
    (same, sha), (changed, _) = data["runtime"][0], data["runtime"][1]
    ran = install(site_dir, oldRuntime=[[same, sha, False], [changed, "0" * 64, True]], activate=True)
    root = "https://codex.test/"
    assert ran["failed"] is None
    assert list(ran["kept"]) == [f"codex:/:{data['version']}"]
    new = ran["kept"][f"codex:/:{data['version']}"]
    assert f"{root}{same}?sha256={sha}" in new and root + same not in ran["fetched"]
    assert not [u for u in new if u.startswith(root + changed)]


# ------------------------------------------------------------------------------ browser
@pytest.mark.browser
def test_a_home_page_visit_keeps_under_1_5_mb_and_no_png_or_runtime(fresh: Any, site: Site) -> None:
    page = first_visit(fresh, site.url)
    stored = page.evaluate(CACHED)
    print(f"\nafter a home-page visit: {stored['bytes']} bytes in {len(stored['urls'])} cache entries; "
          f"navigator.storage.estimate().usage = {stored['usage']}")
    assert stored["bytes"] <= 1_500_000 and stored["usage"] <= 1_500_000
    assert not [u for u in stored["urls"] if u.endswith(".png") or "/assets/pyodide/" in u]
    assert site.url in stored["urls"], "the page visited is kept"
    # no file of the calculator runtime was fetched at all
    assert not [p for p in site.hits if p.startswith("/assets/pyodide/")]


@pytest.mark.browser
@pytest.mark.parametrize("home_first", [False, True], ids=["shared-link", "home-then-link"])
def test_each_runtime_file_is_fetched_once_per_visit(fresh: Any, site: Site, site_dir: Path, home_first: bool) -> None:
    """A shared link opened cold (the worker fetches before the service worker controls the
    page), or after the home page (every runtime file goes through the service worker, which
    keeps a copy): one request per file either way."""
    page = first_visit(fresh, site.url) if home_first else fresh.new_page()
    page.goto(site.url + "rk/basics/?calc=rk-check&rolled=7&kept=5&tn=32")
    wait_for_result(page, "rk-check", "chance", {**calc.CALCULATORS["rk-check"].defaults(), "rolled": 7, "kept": 5, "tn": 32})
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    runtime = {"/" + p for p, _ in manifest(site_dir)["runtime"]}
    fetched = {p: n for p, n in site.hits.items() if p in runtime}
    print("\nruntime requests:", fetched)
    assert fetched and all(n == 1 for n in fetched.values()), fetched
    assert any(p.endswith(".wasm.gz") for p in fetched)
    if home_first:   # the copies kept are the files fetched, checked against their sha256
        kept = {u.split("?")[0].removeprefix(site.url.rstrip("/")) for u in wait_until_kept(page, sorted(fetched))}
        assert set(fetched) <= kept


@pytest.mark.browser
def test_a_full_disk_never_hides_the_network_answer(fresh: Any, site: Site) -> None:
    """14.4: the kept copy answers only when the network fails, even when a write fails."""
    page = first_visit(fresh, site.url + "glossary/")
    assert site.url + "glossary/" in page.evaluate(CACHED)["urls"]
    original = page.locator("h1").first.inner_text()
    html = (Path(site.directory) / "glossary" / "index.html").read_bytes()
    site.overrides["/glossary/"] = (200, html.replace(b"</h1>", b" (revised)</h1>", 1))
    cdp = fresh.new_cdp_session(page)
    usage = page.evaluate("() => navigator.storage.estimate().then((e) => e.usage)")
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site.url.rstrip("/"), "quotaSize": usage + 1000})
    try:
        page.reload()
        assert page.locator("h1").first.inner_text().endswith("(revised)")
        assert "QuotaExceeded" not in page.content()
    finally:
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": site.url.rstrip("/")})
    fresh.set_offline(True)
    page.reload()
    assert page.locator("h1").first.inner_text() == original  # offline: the copy kept earlier
    fresh.set_offline(False)


@pytest.mark.browser
def test_urls_outside_the_manifest_are_never_kept(fresh: Any, site: Site, site_dir: Path) -> None:
    """14.5: a neighbour's file on the same origin (and in the scope) passes through untouched."""
    site.overrides["/neighbour/big.json"] = (200, b'{"neighbour": true}')
    site.overrides["/not-in-this-build.txt"] = (200, b"not ours")
    data = manifest(site_dir)
    ours = min((path for path, _ in data["runtime"] if path in data["sizes"]), key=lambda path: data["sizes"][path])
    page = first_visit(fresh, site.url)
    for path in ("neighbour/big.json", "not-in-this-build.txt", ours):
        assert page.evaluate("(url) => fetch(url).then((r) => r.status)", site.url + path) == 200
    # a runtime file fetched after them is kept: by then the worker has seen all three requests
    urls = wait_until_kept(page, [ours])
    assert not [u for u in urls if "neighbour" in u or "not-in-this-build" in u]
    fresh.set_offline(True)
    try:
        failed = page.evaluate("(url) => fetch(url).then(() => false, () => true)", site.url + "not-in-this-build.txt")
        assert failed, "a URL outside the manifest was answered from a cache"
    finally:
        fresh.set_offline(False)


@pytest.mark.browser
def test_a_corrupted_runtime_file_is_never_kept(fresh: Any, site: Site, site_dir: Path) -> None:
    """14.6: a truncated file from the network is not stored; a kept copy altered by another page
    of the origin is thrown away and fetched again; the calculators answer throughout."""
    data = manifest(site_dir)
    runtime = dict(data["runtime"])
    snapshot = next((p for p in runtime if p.endswith(".bin.gz")), None)
    loader = next(p for p in runtime if p.endswith("/pyodide.mjs"))
    if snapshot:
        whole = (site_dir / snapshot).read_bytes()
        site.overrides["/" + snapshot] = (200, whole[: len(whole) // 2])
    page = first_visit(fresh, site.url + "sun/rules/")
    params = calc.CALCULATORS["sun-check"].defaults()
    page.goto(site.url + "sun/rules/?bonus=9&target=21&die=penalty")   # now under the worker's control
    wait_for_result(page, "sun-check", "chance", {**params, "bonus": 9, "target": 21, "die": "penalty"})
    urls = wait_until_kept(page, [loader])
    assert [u for u in urls if loader in u], "the runtime is kept once used"
    if snapshot:
        assert not [u for u in urls if snapshot in u], "a truncated snapshot was kept"
    site.overrides.clear()
    # another page of the origin rewrites the kept pyodide.mjs
    page.evaluate("""async (part) => {
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const r of await cache.keys()) if (r.url.includes(part)) await cache.put(r, new Response("throw new Error('tampered');", {headers: {"content-type": "text/javascript"}}));
        }
    }""", loader)
    before = site.hits["/" + loader]
    # kept copies are checked when a service worker starts: stop it, as the browser does when idle
    cdp = fresh.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    page.goto(site.url + "sun/rules/?bonus=4&target=15&die=bonus")
    wait_for_result(page, "sun-check", "chance", {**params, "bonus": 4, "target": 15, "die": "bonus"})
    assert site.hits["/" + loader] == before + 1, "the altered copy was not replaced from the network"
    # the network's copy is kept in its place (after it answered): wait for it, however long it takes
    kept = page.wait_for_function("""async (part) => {
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const r of await cache.keys()) if (r.url.includes(part)) {
            const text = await (await cache.match(r)).text();
            return !text.includes("tampered") && text;
          }
        }
        return false;
    }""", arg=loader, timeout=SW_TIMEOUT_MS).json_value()
    assert kept and "tampered" not in kept


@pytest.mark.browser
def test_two_codex_sites_on_one_origin_keep_their_copies(fresh: Any, site: Site, site_dir: Path) -> None:
    """14.7: the same origin, two folders, two different builds: neither deletes the other's cache."""
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    data = manifest_of(text)
    site.overrides["/b/sw.js"] = (200, text.replace(data["version"], "0" * 16).encode())
    first_visit(fresh, site.url + "a/")
    first_visit(fresh, site.url + "b/")
    page = fresh.new_page()
    page.goto(site.url + "a/glossary/")
    names = page.evaluate(CACHED)["names"]
    assert f"codex:/a/:{data['version']}" in names and f"codex:/b/:{'0' * 16}" in names, names


def test_the_manifest_leads_each_share_address_to_its_rule(site_dir: Path) -> None:
    """Offline, a share address is answered with its rule's page (issue 39 item 3): the manifest names
    the rule of every share page, as the share page's own link does, on a page the worker knows."""
    data = manifest(site_dir)
    shares = {entry if isinstance(entry, str) else entry[0]: f"{page}#{entry if isinstance(entry, str) else entry[1]}"
              for page, entries in data["shares"].items() for entry in entries}
    written = {p.parent.name for p in (site_dir / data["share_folder"]).glob("*/index.html")}
    assert set(shares) == written and len(written) > 300
    assert shares["rk-damage-rolls"] == "rk/damage/#rk-damage-rolls" and shares["r-0014"] == "rulings/#r-0014"
    assert set(data["shares"]) <= set(data["pages"])
    for anchor in ("rk-wound-checks", "r-0014", "sun-basic-roll"):
        share = (site_dir / data["share_folder"] / anchor / "index.html").read_text(encoding="utf-8")
        assert f'href="../../{shares[anchor]}"' in share


@pytest.mark.browser
def test_a_share_address_offline_opens_its_rule_when_its_page_is_kept(fresh: Any, site: Site) -> None:
    page = first_visit(fresh, site.url + "rk/damage/")
    wait_until_kept(page, ["rk/damage/"])
    fresh.set_offline(True)
    try:
        page.goto(site.url + "s/rk-wound-checks/?rules=house")
        page.wait_for_url(site.url + "rk/damage/?rules=house#rk-wound-checks")
        assert page.locator("h1").first.inner_text().startswith("Damage and wounds")
        page.goto(site.url + "s/rk-wound-checks/?q=6k3%20%40%20x&calc=rk-check&rules=house")   # issue 50: only the tab
        page.wait_for_url(site.url + "rk/damage/?rules=house#rk-wound-checks")
        page.goto(site.url + "s/sun-basic-roll/")   # its page never visited: not kept
        assert page.locator("h1").first.inner_text() == "You are offline"
    finally:
        fresh.set_offline(False)


@pytest.mark.browser
def test_an_unknown_page_offline_gets_the_offline_page(fresh: Any, site: Site) -> None:
    page = first_visit(fresh, site.url)
    fresh.set_offline(True)
    try:
        for path in ("sun/no-such-rule/", "rk/knacks/"):   # unknown; known but never visited
            page.goto(site.url + path)
            assert page.locator("h1").first.inner_text() == "You are offline", path
    finally:
        fresh.set_offline(False)


@pytest.mark.browser
def test_a_snapshot_that_fails_to_restore_is_deleted(fresh: Any, site: Site, site_dir: Path) -> None:
    """14.6: a snapshot whose bytes match the manifest but cannot be restored (here: random bytes,
    gzipped, listed with their sha256) is kept by the service worker, fails in the worker, and
    is deleted from the cache; the calculator boots without it and answers."""
    import gzip
    import random

    data = manifest(site_dir)
    snapshot = next((p for p, _ in data["runtime"] if p.endswith(".bin.gz")), None)
    if snapshot is None:
        pytest.skip("this build has no memory snapshot (no Node at build time)")
    garbage = gzip.compress(random.Random(7).randbytes(200_000), mtime=0)
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    real = dict(data["runtime"])[snapshot]
    site.overrides["/sw.js"] = (200, text.replace(real, hashlib.sha256(garbage).hexdigest()).encode())
    site.overrides["/" + snapshot] = (200, garbage)
    # the snapshot path, whatever the machine's load: on "auto" a busy machine's slow localhost
    # download would choose a path without the snapshot, and the test would prove nothing
    fresh.add_init_script("window.codexBootPath = 'snapshot';")
    page = first_visit(fresh, site.url)
    page.goto(site.url + "sun/rules/?bonus=9&target=21&die=penalty")
    params = {**calc.CALCULATORS["sun-check"].defaults(), "bonus": 9, "target": 21, "die": "penalty"}
    wait_for_result(page, "sun-check", "chance", params)
    assert site.hits["/" + snapshot] == 1, "the snapshot was not tried"
    urls = wait_until_kept(page, ["/pyodide.asm.wasm.gz"])
    assert [u for u in urls if "/pyodide.asm.wasm.gz" in u], "the runtime is kept once used"
    assert not [u for u in urls if snapshot in u], "a snapshot that failed to restore is still kept"


@pytest.mark.browser
def test_the_roll_is_kept_when_used_never_at_install(fresh: Any, site: Site) -> None:
    """What a Roll loads (macros/rolls/draws.py: its script, styles and the page's roll data) is not
    stored when the worker installs; once a popover's Roll is used it is kept, and the Roll works
    offline on that page after."""
    from macros.rolls.draws import LOADED_ON_ROLL

    page = first_visit(fresh, site.url + "rk/basics/")
    parts = [*LOADED_ON_ROLL, "rk/basics/rolls.json"]
    assert not [u for u in page.evaluate(CACHED)["urls"] if u.endswith(tuple(parts))]
    assert not [p for p in site.hits if p.lstrip("/") in parts]   # nor fetched for the page's load
    roll = page.locator('button.cx-roll[data-roll="rk-test/6/3"]').first
    roll.evaluate("(b) => b.scrollIntoView({block: 'center'})")
    roll.click()
    pop = page.get_by_role("dialog", name="6k3: odds")
    pop.get_by_role("button", name="Roll 6k3").click()
    pop.locator(".cx-draws li").first.wait_for()
    wait_until_kept(page, [site.url + p for p in parts])
    fresh.set_offline(True)
    try:
        page.reload()
        roll.evaluate("(b) => b.scrollIntoView({block: 'center'})")
        roll.click()
        pop.get_by_role("button", name="Roll 6k3").click()
        pop.locator(".cx-draws__draw").first.wait_for()
        assert pop.locator(".cx-draws__note").inner_text() == ""   # drawn, not a failure
    finally:
        fresh.set_offline(False)


@pytest.mark.browser
def test_a_built_answer_is_kept_as_a_page_once_the_reader_keeps_the_codex(fresh: Any, site: Site) -> None:
    """Issue 47: a built answer (q/<calculator>/<slug>/answer.json.gz) is in no default set; fetched
    online it passes through, until the reader keeps the Codex: then it is kept, and answers offline."""
    data = manifest(site.directory)
    answer, listed = "q/rk-check/rolled-6_tn-25/answer.json.gz", "q/rk-check/built.json"
    assert data["odds_folder"] == "q/" and not [u for u in data["pages"] + data["core"] if u.startswith("q/")]
    page = first_visit(fresh, site.url)
    fetch = "(url) => fetch(url).then((r) => r.status, () => 0)"
    assert page.evaluate(fetch, site.url + answer) == 200
    assert not [u for u in page.evaluate(CACHED)["urls"] if "/q/" in u]
    # what offline.js writes once the reader's copy is down: the worker's marker in this version's cache
    page.evaluate("""async (version) => (await caches.open(`codex:/:${version}`))
        .put(new URL("__codex/offline-copy", location.href).href, new Response("kept"))""", data["version"])
    for path in (answer, listed):
        assert page.evaluate(fetch, site.url + path) == 200
    wait_until_kept(page, [answer, listed])
    fresh.set_offline(True)
    try:
        assert page.evaluate(fetch, site.url + answer) == 200
        assert page.evaluate(fetch, site.url + "q/rk-check/rolled-6_tn-30/answer.json.gz") == 0   # never fetched
    finally:
        fresh.set_offline(False)
