#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "core/result.hpp"

namespace dossier::sandbox {

// What one run of a macro may use before it is stopped.
struct Limits {
  std::uint64_t instructions = 50'000'000;  // Lua VM instructions
  std::chrono::milliseconds wallClock{2000};
  std::size_t memoryBytes = 32 * 1024 * 1024;
  int callDepth = 200;  // nested Lua calls (C stack depth is Lua's own LUAI_MAXCCALLS)
};

// The outcome of a run: what the chunk returned, as text (a string, a number, true/false or nil).
struct RunResult {
  std::string returned;
  std::uint64_t instructions = 0;
  std::size_t peakMemoryBytes = 0;
};

// Runs a macro's Lua source in a fresh state that knows only what cannot reach outside it: base
// functions (no dofile, loadfile, or load of anything but text), string (no dump), table, math and
// utf8 — no io, os, package, require, debug or collectgarbage. An instruction-count hook, a
// wall-clock deadline, a memory cap in the allocator and a call-depth limit stop a runaway script
// with an error that says which limit it met; a Lua error comes back with its message and line.
// Never throws; the state is closed whatever happens.
Result<RunResult> run(std::string_view chunkName, std::string_view source,
                      const Limits& limits = {});

// Whether a macro compiles: nullopt, or the message with its line ("checks.lua:3: …").
std::optional<std::string> compileError(std::string_view chunkName, std::string_view source);

// A before-save macro's view of the record being saved, and what it asks for: the global `record`
// holds the form's values (texts, numbers, true/false, and tables for addresses and links);
// `dossier.setField(id, value)` changes a value, `dossier.fieldError(id, message)` puts a message
// on a field, `dossier.refuse(message)` refuses the save; `dossier.user` and `dossier.isNew` tell
// who saves and whether the record is new.
struct BeforeSave {
  boost::json::object values;
  std::string user;
  bool isNew = false;
};

struct BeforeSaveOutcome {
  boost::json::object changes;
  std::map<std::string, std::string> fieldErrors;
  std::optional<std::string> refusal;
};

Result<BeforeSaveOutcome> runBeforeSave(std::string_view chunkName, std::string_view source,
                                        const BeforeSave& input, const Limits& limits = {});

}  // namespace dossier::sandbox
