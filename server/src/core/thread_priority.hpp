#pragma once

namespace dossier {

// Linux gives each thread its own nice value: a thread raises its own (yields to the others) once
// and keeps it. Raising it needs no privilege; lowering it again would, so it is never lowered.
// Handlers on the workers yield the CPU to the I/O threads, which answer the quick routes and move
// every connection's bytes; heavy work yields further, to ordinary work, so that however much of
// it is queued a trivial call and an ordinary save still get a core first. The nice values:
inline constexpr int kWorkerNice = 5;  // handlers on the workers, below the I/O threads
// Searches, reports, large bodies, and the sweep of files no one refers to. Heavy work may hold
// the database's write lock (a large save, a sweep deleting stored content): lower still, it
// could keep a save waiting behind a thread the cores are never given to.
inline constexpr int kHeavyNice = 15;

// Sets the calling thread's nice value to `nice` the first time it is called on that thread;
// later calls on it do nothing. False when the system refused (logged once, at debug).
bool yieldThisThread(int nice);

}  // namespace dossier
