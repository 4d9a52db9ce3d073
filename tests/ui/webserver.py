"""A real nginx on 127.0.0.1 for tests: a generated config and prefix in a
temp dir, a free port, static files from a folder, and faults made with its
own config (a status for one path, a slow link) or by stopping it."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from datetime import datetime
from pathlib import Path

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebServer:
    """nginx serving ``root``. ``statuses`` maps a URL path to an HTTP status
    it answers instead of the file; ``redirects`` maps a path to where it
    redirects (302); ``rate`` limits every response (e.g. "250k" bytes per
    second), after its first ``rate_after`` bytes (e.g. "1m") if given: a
    link that starts fast and slows down. ``lift_limit()`` and
    ``limit_again()`` change the rate for the next requests while nginx
    runs. ``tls``: HTTPS with a self-signed certificate (one no client
    trusts)."""

    def __init__(self, root: Path, work: Path, statuses: dict | None = None, rate: str | None = None,
                 rate_after: str | None = None, redirects: dict | None = None, tls: bool = False):
        self.root = Path(root)
        self.work = Path(work)
        self.statuses = dict(statuses or {})
        self.redirects = dict(redirects or {})
        self.rate = rate
        self.rate_after = rate_after
        self.tls = tls
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    @property
    def _unlimited_flag(self) -> Path:
        return self.work / "unlimited"

    def lift_limit(self) -> None:
        """From the next request on, no rate limit (nginx checks a file)."""
        self._unlimited_flag.touch()

    def limit_again(self) -> None:
        self._unlimited_flag.unlink(missing_ok=True)

    def requests(self) -> list:
        """The request lines nginx has logged so far ("GET /a.mp4 HTTP/1.1")."""
        return [line for _, line in self.timed_requests()]

    def timed_requests(self) -> list:
        """(seconds since the epoch, request line) of each logged request,
        to the second (nginx's [time_local])."""
        log = self.work / "access.log"
        if not log.exists():
            return []
        found = []
        for line in log.read_text().splitlines():
            if line.count('"') < 2 or "[" not in line:
                continue
            stamp = line.split("[", 1)[1].split("]", 1)[0]
            when = datetime.strptime(stamp, "%d/%b/%Y:%H:%M:%S %z").timestamp()
            found.append((when, line.split('"')[1]))
        return found

    def url(self, path: str) -> str:
        return f"{self.base}/{path.lstrip('/')}"

    def _config(self) -> str:
        faults = "".join(f"        location = {path} {{ return {status}; }}\n"
                         for path, status in self.statuses.items())
        faults += "".join(f"        location = {path} {{ return 302 {target}; }}\n"
                          for path, target in self.redirects.items())
        rate = ""
        if self.rate:
            rate = (f"        set $limit_rate {self.rate};\n"
                    f"        if (-f {self._unlimited_flag}) {{ set $limit_rate 0; }}\n")
        if self.rate and self.rate_after:
            rate += f"        limit_rate_after {self.rate_after};\n"
        listen = f"127.0.0.1:{self.port}"
        if self.tls:
            listen += f" ssl;\n        ssl_certificate {self.work}/cert.pem;\n        ssl_certificate_key {self.work}/key.pem"
        return f"""daemon off;
master_process off;
worker_processes 1;
pid {self.work}/nginx.pid;
error_log {self.work}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log {self.work}/access.log;
    client_body_temp_path {self.work}/body;
    types {{
        application/json json;
        video/mp4 mp4;
        video/webm webm;
        application/vnd.apple.mpegurl m3u8;
        video/mp2t ts;
        application/dash+xml mpd;
        text/vtt vtt;
        image/png png;
    }}
    default_type application/octet-stream;
    server {{
        listen {listen};
        root {self.root};
{rate}{faults}    }}
}}
"""

    def start(self) -> "WebServer":
        self.work.mkdir(parents=True, exist_ok=True)
        conf = self.work / "nginx.conf"
        if self.tls and not (self.work / "cert.pem").exists():
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                            "-subj", "/CN=127.0.0.1", "-keyout", str(self.work / "key.pem"),
                            "-out", str(self.work / "cert.pem")], check=True, capture_output=True, timeout=60)
        conf.write_text(self._config())
        self.proc = subprocess.Popen([NGINX, "-p", str(self.work), "-c", str(conf), "-e", str(self.work / "error.log")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.proc.stderr.read().decode(errors='replace')}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not start listening within 10 s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        self.proc = None

    def __enter__(self) -> "WebServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
