#!/usr/bin/env python3
"""Downloads a URL with `Range: bytes=FIRST-` (206, FIRST 0 unless given) and prints its MB/s,
reading 4 MiB a call.

Part of bench/uploads.sh. curl reads 16 KiB a call and Node's client copies each piece it
receives, so either of them, not the server, was the limit of a download from the page cache on
this machine; a client reading straight into one large buffer leaves the server and the disk as
what is measured.
Usage: bench/download.py URL [FIRST]
"""
import sys
import time
import urllib.parse
import http.client


def main() -> None:
    url = urllib.parse.urlsplit(sys.argv[1])
    connection = http.client.HTTPConnection(url.hostname, url.port)
    started = time.perf_counter()
    path = url.path + ("?" + url.query if url.query else "")
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    connection.request("GET", path, headers={"Range": f"bytes={first}-"})
    response = connection.getresponse()
    if response.status != 206:
        sys.exit(f"the download answered {response.status}")
    buffer = memoryview(bytearray(4 * 1024 * 1024))
    received = 0
    while True:
        got = response.readinto(buffer)
        if not got:
            break
        received += got
    seconds = time.perf_counter() - started
    print(f"{received / 1e6 / seconds:.0f}")


if __name__ == "__main__":
    main()
