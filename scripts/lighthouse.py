"""`make lighthouse`: Lighthouse's mobile performance audit of a rules page and of a built link.

The built site is served by scripts/phone_host.py (gzipped as GitHub Pages sends it; unthrottled,
since Lighthouse simulates a phone's network and CPU itself: a slow 4G link and a CPU 4 times
slower, so a long task of 50 ms in its report took about 12 ms on this machine). Each page is
audited `--runs` times, in a fresh Chromium each time, and the median run is reported: the
performance score, total blocking time, layout shift and largest paint, and every long task
(50 ms or more, simulated) with the script it is attributed to. The Codex's own scripts
(`assets/js/`, shipped minified) should make none; Material's bundle and the page itself are listed
too, as context. The figures move with the machine's load: on a shared 2-core machine a run's
total blocking time can differ from the next by a hundred milliseconds or more.

Lighthouse is pinned in scripts/lighthouse/package.json and its lock (about 190 MB installed, so
kept out of the site's own package.json, which every setup and deploy installs); `make lighthouse`
installs it there. Chromium runs with the project's flags (scripts/harness.py), and a host
resolver rule that sends every name but 127.0.0.1 nowhere: no request leaves this machine, and a
run whose report lists a request elsewhere fails.

Usage: python -m scripts.lighthouse [--runs 3] [--site DIR] [--keep DIR] [PATH ...]
       (PATH: a page of the site with its query, default: rk/basics/ and a built rk-check link;
       --site: a site already built, else a strict build is made; --keep: write each report there)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from scripts.harness import CHROMIUM, CHROMIUM_ARGS, ROOT
from scripts.measure_boot import BUILT
from scripts.phone_host import serving

LIGHTHOUSE = ROOT / "scripts" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
PAGES = ("rk/basics/", BUILT + "#calc-rk-check")
OURS = "/assets/js/"          # the Codex's own scripts
LONG_MS = 50                  # Lighthouse's long task, in its simulated (4x slower) time
# every host name but the local one resolves to nothing, so nothing leaves the machine
LOCAL_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


def audit(url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run (a fresh Chromium): the report as JSON."""
    flags = " ".join([*CHROMIUM_ARGS, LOCAL_ONLY])
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    done = subprocess.run(
        [str(LIGHTHOUSE), url, "--only-categories=performance", "--form-factor=mobile",
         f"--chrome-flags={flags}", "--output=json", f"--output-path={out}", "--quiet"],
        env=env, capture_output=True, text=True, check=False)
    if done.returncode or not out.exists():
        sys.exit(f"lighthouse failed on {url}:\n{done.stderr[-2000:]}")
    return json.loads(out.read_text())


def summary(report: dict[str, Any], base: str) -> dict[str, Any]:
    audits = report["audits"]
    requests = audits.get("network-requests", {}).get("details", {}).get("items", [])
    outside = sorted({r["url"] for r in requests if not r["url"].startswith((base, "data:", "blob:"))})
    if outside:
        sys.exit("requests left the local host: " + ", ".join(outside))
    score = report["categories"]["performance"]["score"]
    return {
        "score": round(score * 100) if score is not None else None,
        "tbt": audits["total-blocking-time"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "tasks": [(item["duration"], item["url"].removeprefix(base) or "(page)")
                  for item in audits.get("long-tasks", {}).get("details", {}).get("items", [])
                  if item["duration"] >= LONG_MS],
        "errors": report.get("runtimeError"),
    }


def ours(run: dict[str, Any]) -> list[tuple[float, str]]:
    return [(ms, url) for ms, url in run["tasks"] if OURS in "/" + url]


def line(run: dict[str, Any]) -> str:
    return (f"score {run['score']}  TBT {run['tbt']:.0f} ms  CLS {run['cls']:.3f}  LCP {run['lcp']:.0f} ms  "
            f"our long tasks: {', '.join(f'{url} {ms:.0f} ms' for ms, url in ours(run)) or 'none'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", default=list(PAGES))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--site", type=Path, default=None, help="a built site (default: build one)")
    ap.add_argument("--keep", type=Path, default=None, help="a folder for the reports")
    args = ap.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit(f"no Lighthouse at {LIGHTHOUSE}: run `make lighthouse` (it installs the pinned one)")
    failed = False
    with serving(args.site) as (_host, base, _site), tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for path in args.paths:
            url = base + path
            print(url, flush=True)
            runs = []
            for n in range(args.runs):
                name = "".join(ch if ch.isalnum() else "-" for ch in path).strip("-") or "home"
                run = summary(audit(url, folder / f"{name}-{n + 1}.json"), base)
                runs.append(run)
                print(f"  run {n + 1}: {line(run)}", flush=True)
                for ms, task_url in run["tasks"]:
                    print(f"           long task {ms:4.0f} ms  {task_url}")
            median = sorted(runs, key=lambda run: run["tbt"])[len(runs) // 2]
            print(f"  median (by TBT): {line(median)}")
            print(f"  medians: score {statistics.median(r['score'] or 0 for r in runs):.0f}, "
                  f"TBT {statistics.median(r['tbt'] for r in runs):.0f} ms, "
                  f"our longest task {statistics.median(max((ms for ms, _ in ours(r)), default=0) for r in runs):.0f} ms")
            failed |= any(ours(r) for r in runs)
    print("The Codex's scripts made " + ("a long task in some run (above)." if failed else "no long task in any run."))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
