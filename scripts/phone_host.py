"""A local host that serves the built site the way a phone receives it from GitHub Pages.

- gzip: text, JSON, JavaScript and wasm are sent `Content-Encoding: gzip` when the browser
  accepts it (as GitHub Pages does); zips, PNGs and the gzipped snapshot go as they are.
- caching headers like GitHub Pages: `Cache-Control: max-age=600`, an ETag, 304 answers.
- a slow link: one shared bandwidth for every connection (a phone has one radio) and a round
  trip of latency before each response and each new connection.
- it counts what it sends (headers and body, compressed), in total and per path, so a
  measurement reads the bytes on the wire from here (`Link.sent`, `Link.by_path`).

Usage: python -m scripts.phone_host SITE_DIR [--port 8000] [--mbit 9] [--rtt-ms 60]
scripts/measure_boot.py starts it in-process and changes its profile between runs.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import gzip
import hashlib
import http.server
import mimetypes
import threading
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

from scripts.harness import ROOT, build_site, free_port

COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/wasm",
                    "image/svg+xml", "application/xml", "application/atom+xml", "application/manifest+json")
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
         ".gz": "application/gzip", ".xml": "application/xml", ".svg": "image/svg+xml"}
CHUNK = 16 * 1024


class Link:
    """The phone's connection: shared bandwidth (bytes/s, None = unthrottled) and a round trip."""

    def __init__(self, mbit: float | None = None, rtt_ms: float = 0) -> None:
        self.lock = threading.Lock()
        self.set(mbit, rtt_ms)
        self.reset()

    def set(self, mbit: float | None, rtt_ms: float) -> None:
        self.rate = None if not mbit else mbit * 1e6 / 8
        self.rtt = rtt_ms / 1000
        self.free_at = 0.0

    def reset(self) -> None:
        with self.lock:
            self.sent = 0
            self.by_path: dict[str, int] = defaultdict(int)
            self.requests: list[str] = []

    def wait_round_trip(self) -> None:
        if self.rtt:
            time.sleep(self.rtt)

    def send(self, out, data: bytes, path: str) -> None:
        for start in range(0, len(data), CHUNK):
            chunk = data[start : start + CHUNK]
            if self.rate:
                with self.lock:   # each chunk takes its turn on the one link
                    begin = max(time.perf_counter(), self.free_at)
                    self.free_at = begin + len(chunk) / self.rate
                    due = self.free_at
                delay = due - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
            out.write(chunk)
            with self.lock:
                self.sent += len(chunk)
                self.by_path[path] += len(chunk)


class _Files:
    """File bytes, gzipped bytes and ETags, computed once per file version."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.lock = threading.Lock()
        self.cache: dict[tuple[str, float], tuple[bytes, bytes | None, str]] = {}

    def find(self, url_path: str) -> Path | None:
        rel = unquote(url_path).lstrip("/")
        target = (self.root / rel).resolve()
        if self.root not in target.parents and target != self.root:
            return None
        if target.is_dir():
            target = target / "index.html"
        return target if target.is_file() else None

    def get(self, path: Path, ctype: str) -> tuple[bytes, bytes | None, str]:
        key = (str(path), path.stat().st_mtime)
        with self.lock:
            hit = self.cache.get(key)
        if hit:
            return hit
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=6, mtime=0) if ctype.startswith(COMPRESSED_TYPES) else None
        if packed is not None and len(packed) >= len(data):
            packed = None
        entry = (data, packed, '"' + hashlib.sha256(data).hexdigest()[:20] + '"')
        with self.lock:
            self.cache[key] = entry
        return entry


def handler_for(files: _Files, link: Link) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"   # keep-alive, as browsers and real hosts use

        def setup(self) -> None:
            link.wait_round_trip()       # the TCP handshake of a new connection
            super().setup()

        def log_message(self, format: str, *args: object) -> None:
            pass

        def _reply(self, status: int, headers: dict[str, str], body: bytes, path: str) -> None:
            lines = [f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}"]
            lines += [f"{k}: {v}" for k, v in headers.items()]
            head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
            link.wait_round_trip()       # the request's way up and the first byte's way down
            with link.lock:
                link.requests.append(path)
            link.send(self.wfile, head + (body if self.command != "HEAD" else b""), path)

        def do_HEAD(self) -> None:
            self.do_GET()

        def do_GET(self) -> None:
            url_path = urlsplit(self.path).path
            found = files.find(url_path)
            if found is None:
                missing = files.find("/404.html")
                body = missing.read_bytes() if missing else b"Not found"
                self._reply(404, {"Content-Type": "text/html; charset=utf-8", "Content-Length": str(len(body))}, body, url_path)
                return
            ctype = TYPES.get(found.suffix) or mimetypes.guess_type(found.name)[0] or "application/octet-stream"
            if ctype.startswith("text/"):
                ctype += "; charset=utf-8"
            data, packed, etag = files.get(found, ctype)
            headers = {
                "Content-Type": ctype,
                "Cache-Control": "max-age=600",
                "ETag": etag,
                "Last-Modified": email.utils.formatdate(found.stat().st_mtime, usegmt=True),
                "Vary": "Accept-Encoding",
            }
            if self.headers.get("If-None-Match") == etag:
                self._reply(304, headers, b"", url_path)
                return
            body = data
            if packed is not None and "gzip" in (self.headers.get("Accept-Encoding") or ""):
                body = packed
                headers["Content-Encoding"] = "gzip"
            headers["Content-Length"] = str(len(body))
            self._reply(200, headers, body, url_path)

    return Handler


class PhoneHost(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # a real host accepts every connection a phone opens: socketserver's default backlog of 5
    # drops the overflow, and the phone's retry a second later would be counted as the link's
    request_queue_size = 128

    def __init__(self, site: Path, port: int, link: Link | None = None) -> None:
        self.link = link or Link()
        super().__init__(("127.0.0.1", port), handler_for(_Files(site), self.link))

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return   # the browser gave up on a response (navigation, a closed context)
        super().handle_error(request, client_address)

    def start(self) -> "PhoneHost":
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self


@contextlib.contextmanager
def serving(site: Path | None = None, port: int = 0, root: Path = ROOT) -> Iterator[tuple[PhoneHost, str, Path]]:
    """A host for the scripts, with its base address and the folder it serves: `site` (already
    built for `port`) or, without one, a strict build of `root` made in a temporary folder; a
    failed build exits with the build's errors. The host stops when the block ends."""
    port = port or free_port()
    base = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as tmp:
        if site is None:
            site = Path(tmp) / "site"
            done = build_site(site, base, root)
            if done.returncode:
                sys.exit(done.stderr)
        host = PhoneHost(site, port).start()
        try:
            yield host, base, site
        finally:
            host.shutdown()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("site", type=Path)
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--mbit", type=float, default=None, help="bandwidth in Mbit/s (default: unthrottled)")
    ap.add_argument("--rtt-ms", type=float, default=0)
    args = ap.parse_args()
    host = PhoneHost(args.site, args.port, Link(args.mbit, args.rtt_ms))
    print(f"serving {args.site} at http://127.0.0.1:{args.port}/ (Ctrl-C stops)")
    try:
        host.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
