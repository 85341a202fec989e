#!/usr/bin/env python3
"""The baseline for search: the same text in an SQLite FTS5 table, the same queries, the same
number of clients, ORDER BY rank LIMIT 20. Prints per-query p50 and p95 in milliseconds as JSON.

Usage: fts5-baseline.py <dossier.db> <fts5.db> <queries.json> <clients> <rounds>
"""
import json
import os
import sqlite3
import sys
import threading
import time

source, target, queries_file, clients, rounds = sys.argv[1:6]
clients, rounds = int(clients), int(rounds)
queries = json.load(open(queries_file))["search"]


def text_of(value):
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return " ".join(text_of(v) for v in value.values())
    if isinstance(value, list):
        return " ".join(text_of(v) for v in value)
    return ""


def build():
    """The text the search index holds: the display name, the identifier and the fields."""
    if os.path.exists(target):
        return
    building = target + ".building"
    if os.path.exists(building):
        os.remove(building)
    out = sqlite3.connect(building)
    out.execute("CREATE VIRTUAL TABLE records USING fts5(kind UNINDEXED, identifier, title, body)")
    db = sqlite3.connect(source)
    for kind, sql in (("person", "SELECT id, display_name, fields FROM persons"),
                      ("case", "SELECT case_number, display_name, fields FROM cases")):
        batch = []
        for identifier, title, fields in db.execute(sql):
            batch.append((kind, str(identifier), title, text_of(json.loads(fields))))
            if len(batch) == 20000:
                out.executemany("INSERT INTO records VALUES (?, ?, ?, ?)", batch)
                batch = []
        out.executemany("INSERT INTO records VALUES (?, ?, ?, ?)", batch)
    # Documents of cases, with the text read from their files.
    has_documents = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'documents'").fetchone()
    if has_documents:
        batch = []
        for identifier, title, text in db.execute(
                "SELECT guid, title, ext_ref_filename || ' ' || comments || ' ' || "
                "COALESCE(content, '') FROM documents WHERE deleted = 0"):
            batch.append(("document", identifier, title, text))
            if len(batch) == 20000:
                out.executemany("INSERT INTO records VALUES (?, ?, ?, ?)", batch)
                batch = []
        out.executemany("INSERT INTO records VALUES (?, ?, ?, ?)", batch)
    out.commit()
    out.execute("INSERT INTO records(records) VALUES ('optimize')")
    out.commit()
    out.close()
    os.rename(building, target)


def fts_query(text):
    # The list uses only what both syntaxes write alike: words, "phrases" and prefix*.
    return text


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, max(0, -(-p * len(values) // 100) - 1))]


build()
times = [[] for _ in queries]
hits = [0 for _ in queries]


def client(number):
    db = sqlite3.connect(target, check_same_thread=False)
    for round_ in range(rounds):
        for i in range(len(queries)):
            index = (i + number * 3) % len(queries)
            started = time.perf_counter()
            query = fts_query(queries[index]["text"])
            if queries[index].get("entity") == "Documents":
                rows = db.execute(
                    "SELECT kind, identifier FROM records WHERE records MATCH ? "
                    "AND kind = 'document' ORDER BY rank LIMIT 20", (query,)).fetchall()
            else:
                rows = db.execute(
                    "SELECT kind, identifier FROM records WHERE records MATCH ? "
                    "ORDER BY rank LIMIT 20", (query,)).fetchall()
            elapsed = (time.perf_counter() - started) * 1000
            if round_ > 0:
                times[index].append(elapsed)
            hits[index] = len(rows)


threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps([{"text": q["text"], "p50": percentile(t, 50), "p95": percentile(t, 95)}
                  for q, t in zip(queries, times)]))
