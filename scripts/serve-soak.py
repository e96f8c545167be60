#!/usr/bin/env python3
"""Soak `qrauth serve --state`: create and cancel N operations through the admin API on one
keep-alive connection, sampling the state file size and the server's resident memory.

    scripts/serve-soak.py .build/debug/qrauth 10000

Prints one line per 1 000 operations and a summary: the largest state file, the resident set at
the start and the end, and the time per 1 000 operations (to see that persistence cost does not
grow with the number of stored operations). Figures are for the machine it runs on.
"""
import http.client
import json
import os
import subprocess
import sys
import tempfile
import time


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def main():
    qrauth, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    with tempfile.TemporaryDirectory() as directory:
        state = os.path.join(directory, "state.json")
        server = subprocess.Popen(
            [qrauth, "serve", "--http", "--port", "0", "--admin", "--state", state],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = server.stdout.readline().strip()
            host, port = url.removeprefix("http://").rsplit(":", 1)
            connection = http.client.HTTPConnection(host, int(port))
            start_rss = rss_kib(server.pid)
            largest = 0
            started = time.monotonic()
            block = started
            for number in range(1, count + 1):
                operation_id = f"soak-{number}"
                body = json.dumps({"id": operation_id, "data": "A1*A100CZK", "title": f"Soak {number}"})
                connection.request("POST", "/admin/operations", body, {"Content-Type": "application/json"})
                response = connection.getresponse()
                created = json.loads(response.read())
                assert response.status == 200, created
                connection.request("POST", f"/admin/operations/{operation_id}/cancel", "")
                response = connection.getresponse()
                response.read()
                assert response.status == 200
                largest = max(largest, os.path.getsize(state))
                if number % 1000 == 0:
                    now = time.monotonic()
                    print(f"{number:6d} operations: state file {os.path.getsize(state):8d} B, "
                          f"RSS {rss_kib(server.pid):7d} KiB, {now - block:5.2f} s per 1000")
                    block = now
            print(f"summary: {count} operations in {time.monotonic() - started:.1f} s; largest state file "
                  f"{largest} B; RSS {start_rss} KiB at start, {rss_kib(server.pid)} KiB at the end")
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
