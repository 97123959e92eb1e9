"""``codedebate view RESULTS_DIR -o SITE_DIR``: write the static viewer site for any records
folder (one run, merged experiments, or a results tree); ``--serve`` serves it on localhost."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "view",
        help="write a static website over run records (overview, runs, side by side)",
        description="Read every summary/per_round/transcript.parquet under RESULTS_DIR and write a "
        "static site to SITE_DIR (open SITE_DIR/index.html from disk). See docs/viewer.md.",
    )
    p.add_argument("results", type=Path, metavar="RESULTS_DIR", help="run folder, merged folder or results tree")
    p.add_argument("--output", "-o", required=True, type=Path, metavar="SITE_DIR", help="where to write the site")
    p.add_argument("--serve", action="store_true", help="serve the site on localhost after writing it")
    p.add_argument("--port", type=int, default=8000, metavar="N", help="port for --serve (default 8000; 0: any free)")
    p.set_defaults(func=cmd_view)


def cmd_view(args: argparse.Namespace) -> int:
    from codedebate.viewer import build_site

    site = build_site(args.results, args.output)  # a ViewerInputError ends in the dispatcher: exit 2
    print(f"{site.root}/index.html: {site.runs} run(s), {site.pages} page(s)")
    if not args.serve:
        return 0
    from codedebate.viewer.serve import make_server

    server = make_server(site.root, port=args.port)
    print(f"serving on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
